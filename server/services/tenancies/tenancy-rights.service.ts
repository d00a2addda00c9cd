import { earliestRentIncreaseStart } from "../../../common/domain/tenant-rights";
import type { TTenancyRights } from "../../../common/schemas/tenant-rights";
import { tenancyPart } from "../../access/tenancies";
import type { Database } from "../../db/client";
import { findPetRequests } from "../../repositories/tenant-rights.repository";
import type { Outbox } from "../messaging/outbox";
import { PetRequests, petRequestView } from "./pet-requests";
import { RentIncreases, rentHistory, rentIncreaseView } from "./rent-increases";
import { RightToRentChecks } from "./right-to-rent";
import { bookedRentOf } from "./tenancy-documents";
import { partiesOf, requireTenancy, type TenancyActor, tenancyOr404 } from "./tenancy-facts";
import { statementView, TenancyStatements } from "./tenancy-statements";

/**
 * A tenancy's rights under the Renters' Rights Act: its statement of terms, Section 13 rent increases and pet
 * requests, one view for both sides and administrators, and each part's actions.
 */
export class TenancyRightsService {
  readonly rentIncreases: RentIncreases;
  readonly petRequests: PetRequests;
  readonly statements: TenancyStatements;
  readonly rightToRent: RightToRentChecks;

  constructor(
    private readonly db: Database,
    outbox: Outbox,
    publicUrl: string,
    now: () => Date,
    private readonly today: () => string,
  ) {
    this.rentIncreases = new RentIncreases(db, outbox, publicUrl, now, today);
    this.petRequests = new PetRequests(db, outbox, publicUrl, today);
    this.statements = new TenancyStatements(db, today);
    this.rightToRent = new RightToRentChecks(db, today);
  }

  async rightsOf(user: TenancyActor, bookingId: number): Promise<TTenancyRights> {
    const tenancy = await tenancyOr404(this.db, bookingId);
    const viewerPart = tenancyPart(user, partiesOf(tenancy), "read");
    requireTenancy(tenancy);
    const today = this.today();
    const { increases, currentPence } = await rentHistory(this.db, bookingId, bookedRentOf(tenancy), today);
    return {
      bookingId,
      viewerPart,
      status: tenancy.status,
      statement: await statementView(this.db, tenancy, today),
      currentMonthlyRentPence: currentPence,
      earliestIncreaseOn:
        tenancy.status === "confirmed"
          ? earliestRentIncreaseStart({
              tenancyStart: tenancy.check_in,
              servedOn: today,
              previousStartsOn: increases[0]?.startsOn ?? null,
            })
          : null,
      rentIncreases: increases.map(rentIncreaseView),
      petRequests: (await findPetRequests(this.db, bookingId)).map((row) => petRequestView(row, today)),
    };
  }
}

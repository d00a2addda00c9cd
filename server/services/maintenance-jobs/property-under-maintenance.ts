import { OPEN_MAINTENANCE_STATUSES } from "../../../common/domain/maintenance";
import { jobReference } from "../../../common/schemas/maintenance";
import type { Database } from "../../db/client";
import { ConflictError } from "../../lib/errors";
import { auditLabel, sentenceName } from "../../lib/person-names";
import { recordAudit } from "../../repositories/audit-logs.repository";
import { findPropertyRow, updatePropertyState } from "../../repositories/properties/landlord-listings.repository";
import { listingRemoved } from "../properties/landlord-listings.service";
import { jobOr404, lockedJobOr404, runs, type Viewer } from "./job-access";
import type { MaintenanceJobReads } from "./job-reads";

/** Taking a property off the market while urgent work is open on it, and putting it back. */
export class PropertyUnderMaintenance {
  constructor(
    private readonly db: Database,
    private readonly reads: MaintenanceJobReads,
  ) {}

  /**
   * PUT …/property-maintenance: whoever runs the job takes the property off the market while the job is open and
   * urgent, or puts it back at any time. Through the listing's own status path (updatePropertyState), so the search
   * cache hears of it like any listing change.
   */
  async setPropertyMaintenance(viewer: Viewer, jobId: number, underMaintenance: boolean) {
    runs(viewer, await jobOr404(this.db, viewer, jobId));
    await this.db.transaction(async (tx) => {
      const job = runs(viewer, await lockedJobOr404(tx, viewer, jobId));
      const open = (OPEN_MAINTENANCE_STATUSES as readonly string[]).includes(job.job.status);
      if (underMaintenance && !(open && job.job.isUrgent)) {
        throw new ConflictError("A property can be put under maintenance only for an open urgent job.");
      }
      if (!(await updatePropertyState(tx, job.job.propertyId, { underMaintenance }))) {
        throw listingRemoved((await findPropertyRow(tx, job.job.propertyId))?.removalReason ?? null);
      }
      const reference = jobReference(jobId);
      await recordAudit(tx, {
        type: underMaintenance ? "warning" : "info",
        action: underMaintenance ? "maintenance.property_closed" : "maintenance.property_reopened",
        message: `${sentenceName(viewer)} ${underMaintenance ? "put" : "took"} ${job.property.title} ${
          underMaintenance ? "under" : "off"
        } maintenance for work order ${reference}`,
        actor: { id: viewer.id, label: auditLabel(viewer) },
        target: { type: "maintenance-job", id: jobId },
        details: { reference, propertyId: job.job.propertyId, underMaintenance },
      });
    });
    return this.reads.getJob(viewer, jobId);
  }
}

import { formatDateGb, londonToday } from "../../../common/domain/calendar-dates";
import {
  CERTIFICATE_RULES,
  daysLeft,
  REMINDER_DAYS_BEFORE_EXPIRY,
  requiredCertificateKinds,
} from "../../../common/domain/compliance";
import type { Database } from "../../db/client";
import { claimDueReminders, findComplianceFacts } from "../../repositories/certificates.repository";
import { certificateExpiryLetter } from "./email-templates";
import type { Outbox } from "./outbox";

/**
 * Reminds owners 60, 30 and 7 days before a certificate in force expires. Each reminder is marked in the same
 * transaction that writes its letter to the outbox, keyed by certificate and days: it goes once, whichever instance
 * runs the job and however often. A certificate first seen inside a window (uploaded late, or the job was down) gets
 * one letter for the windows it has entered, not one per window.
 */
export class CertificateReminders {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    /** Where the landlord opens a property's vault from the letter. */
    private readonly vaultUrl: (propertyId: number) => string,
    now?: () => Date,
  ) {
    this.now = now ?? (() => new Date());
  }

  /** Writes the reminders due now (by London's date on the app's clock); answers the certificates reminded. */
  sendDue(): Promise<number[]> {
    return this.db.transaction(async (tx) => {
      const today = londonToday(this.now());
      const due = await claimDueReminders(tx, today, REMINDER_DAYS_BEFORE_EXPIRY);
      const letters = [];
      for (const row of due) {
        const required = requiredCertificateKinds(await findComplianceFacts(tx, row.property_id)).includes(row.kind);
        letters.push({
          email: certificateExpiryLetter(
            { email: row.owner_email, firstName: row.owner_first_name },
            {
              label: CERTIFICATE_RULES[row.kind].label,
              propertyTitle: row.property_title,
              expiresOn: formatDateGb(row.expires_on),
              daysLeft: daysLeft(row.expires_on, today),
              required,
            },
            this.vaultUrl(row.property_id),
          ),
        });
      }
      await this.outbox.add(tx, letters);
      return due.map((row) => row.certificate_id);
    });
  }
}

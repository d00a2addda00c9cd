import type { HttpClient } from "./http-client";

/** The tenant accepts the tenancy's written statement of terms, which the landlord cannot agree a tenancy without. */
export async function acceptStatementOfTerms(tenant: HttpClient, bookingId: number): Promise<void> {
  const rights = await tenant.get(`/api/bookings/${bookingId}/tenancy-rights`);
  const sha256 = (rights.body.statement as { sha256: string } | undefined)?.sha256;
  const accepted = await tenant.post(`/api/bookings/${bookingId}/statement-of-terms/accept`, { sha256 });
  if (accepted.status !== 200) {
    throw new Error(`accepting the statement of terms answered ${accepted.status}: ${JSON.stringify(accepted.body)}`);
  }
}

import { formatDateGb } from "@common/domain/calendar-dates";
import { CERTIFICATE_STATE_LABELS, expiryText } from "@common/domain/compliance";
import { CircleAlert, FileText } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { useListingCertificates } from "../api/listing-certificates-api";
import { STATE_BADGES } from "./state-badges";

/**
 * The listing's safety certificates as guests and tenants see them: each required one's state and dates. The
 * documents stay private (they name contractors and show the home's layout) unless the landlord shared one.
 */
export function ListingCertificates({ propertyId }: { propertyId: number }) {
  const query = useListingCertificates(String(propertyId));
  if (!query.data) return null;
  const { certificates, bookingsPaused } = query.data;
  return (
    <section aria-labelledby="certificates-heading" className="mt-12 border-t border-border pt-10">
      <h2 id="certificates-heading" className="font-display text-2xl font-medium">
        Safety certificates
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        What the landlord has uploaded for this home; expiry dates are worked out by StayLondon from the inspection
        date.
      </p>
      {bookingsPaused ? (
        <p
          role="status"
          className="mt-4 flex items-start gap-2 rounded-xl bg-destructive-soft p-3 text-sm text-destructive"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {bookingsPaused}
        </p>
      ) : null}
      <ul className="mt-6 grid gap-3 sm:grid-cols-2">
        {certificates.map((c) => (
          <li key={c.kind} className="rounded-2xl border border-border bg-card p-4 text-sm">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              {c.label}
              <Badge variant={STATE_BADGES[c.state]}>{CERTIFICATE_STATE_LABELS[c.state]}</Badge>
            </p>
            {c.expiresOn && c.issuedOn ? (
              <p className="mt-1 text-muted-foreground">
                Issued {formatDateGb(c.issuedOn)} · {expiryText(c.state, c.expiresOn)}
                {c.rating ? ` · Rating ${c.rating}` : ""}
              </p>
            ) : null}
            {c.documentUrl ? (
              <a
                href={c.documentUrl}
                target="_blank"
                rel="noopener"
                className="mt-2 inline-flex items-center gap-1.5 font-medium underline underline-offset-4"
              >
                <FileText aria-hidden="true" className="size-4" />
                View the certificate<span className="sr-only"> ({c.label})</span>
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

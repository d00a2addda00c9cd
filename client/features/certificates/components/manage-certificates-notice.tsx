import { formatDateGb } from "@common/domain/calendar-dates";
import { CERTIFICATE_STATE_LABELS } from "@common/domain/compliance";
import { CircleAlert, ShieldCheck } from "lucide-react";
import { Alert, AlertTitle } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/link-button";
import { useCertificateVault } from "../api/certificates-api";

/**
 * On the manage page: why new bookings are paused and what to upload, or which required certificates need a look,
 * with the way to the vault.
 */
export function ManageCertificatesNotice({ propertyRef }: { propertyRef: string }) {
  const query = useCertificateVault(propertyRef, true);
  if (!query.data) return null;
  const vault = query.data;
  const needing = vault.requirements.filter((r) => r.required && r.state !== "valid");
  const link = (
    <LinkButton
      to={`/properties/${propertyRef}/certificates`}
      icon={ShieldCheck}
      variant="outline"
      className="mt-2 w-fit"
    >
      Safety certificates
    </LinkButton>
  );
  if (vault.bookingsPaused) {
    const lapsed = needing.filter((r) => r.state === "lapsed");
    return (
      <Alert variant="destructive" className="mb-6">
        <CircleAlert aria-hidden="true" />
        <AlertTitle>New bookings are paused</AlertTitle>
        <div className="col-start-2 grid gap-1">
          {lapsed.map((r) => (
            <p key={r.kind}>
              {r.current ? `${r.label} expired on ${formatDateGb(r.current.expiresOn)}. ` : ""}
              Upload {r.whatToUpload}.
            </p>
          ))}
          <p>Stays already booked go ahead; guests can book again as soon as a current certificate is uploaded.</p>
          {link}
        </div>
      </Alert>
    );
  }
  return (
    <Alert className="mb-6">
      <ShieldCheck aria-hidden="true" />
      <AlertTitle>Safety certificates</AlertTitle>
      <div className="col-start-2 grid gap-1">
        <p>
          {needing.length === 0
            ? "Every certificate this let needs is in date."
            : needing.map((r) => `${r.label}: ${CERTIFICATE_STATE_LABELS[r.state].toLowerCase()}`).join(" · ")}
        </p>
        {link}
      </div>
    </Alert>
  );
}

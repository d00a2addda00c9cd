import { formatDateGb } from "@common/domain/calendar-dates";
import { Link } from "react-router";
import { SectionCard } from "@/components/ui/section-card";
import { useLapsedCertificates } from "../api/certificates-api";

/** For admins: every lapsed required certificate of an active listing, whose new bookings are paused by it. */
export function LapsedCertificatesSection({ enabled }: { enabled: boolean }) {
  const query = useLapsedCertificates(enabled);
  if (!query.data) return null;
  return (
    <SectionCard
      id="lapsed-certificates-heading"
      title="Lapsed safety certificates"
      description="These listings take no new bookings until the landlord uploads a current certificate."
      className="mb-6"
    >
      {query.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No listing has a lapsed certificate.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="text-muted-foreground">
              <th scope="col" className="py-2 pr-4 font-medium">
                Listing
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Certificate
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Expired
              </th>
              <th scope="col" className="py-2 font-medium">
                Landlord
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((row) => (
              <tr key={`${row.propertyId}-${row.kind}`} className="border-t border-border">
                <td className="py-2 pr-4">
                  <Link to={`/properties/${row.propertyId}`} className="underline underline-offset-4">
                    {row.propertyTitle}
                  </Link>
                </td>
                <td className="py-2 pr-4">{row.label}</td>
                <td className="py-2 pr-4">{formatDateGb(row.expiresOn)}</td>
                <td className="py-2 break-all">{row.ownerEmail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SectionCard>
  );
}

import { DownloadLink } from "./download-link";

/**
 * A stay's receipt and, when the platform is VAT-registered, the VAT invoice for its service fee: shown once the stay
 * was confirmed (charged), whatever happened after.
 */
export function BookingDocumentLinks({
  bookingId,
  placeName,
  vatRegistered,
}: {
  bookingId: number;
  placeName: string;
  vatRegistered: boolean;
}) {
  return (
    <>
      <DownloadLink href={`/api/bookings/${bookingId}/receipt.pdf`} detail={`for ${placeName}, PDF`}>
        Receipt
      </DownloadLink>
      {vatRegistered ? (
        <DownloadLink href={`/api/bookings/${bookingId}/vat-invoice.pdf`} detail={`for ${placeName}, PDF`}>
          VAT invoice
        </DownloadLink>
      ) : null}
    </>
  );
}

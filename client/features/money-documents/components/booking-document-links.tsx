import { DownloadLink } from "./download-link";

/**
 * A stay's receipt and, when the platform is VAT-registered, the VAT invoice for its service fee: shown once the stay
 * was confirmed (charged), whatever happened after. A credit note beside them when the stay was refunded after one
 * of them was issued.
 */
export function BookingDocumentLinks({
  bookingId,
  placeName,
  vatRegistered,
  creditNote,
}: {
  bookingId: number;
  placeName: string;
  vatRegistered: boolean;
  creditNote: boolean;
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
      {creditNote ? (
        <DownloadLink href={`/api/bookings/${bookingId}/credit-note.pdf`} detail={`for ${placeName}, PDF`}>
          Credit note
        </DownloadLink>
      ) : null}
    </>
  );
}

import { PHOTO_WIDTHS } from "../../../common/domain/photo-sizes";
import { UnsupportedMediaTypeError } from "../../lib/errors";
import { displayName, encodePhoto } from "./photo-encoding";

export type CheckedDocument = { data: Buffer; type: "application/pdf" | "image/webp" };

const PDF_START = Buffer.from("%PDF-");
const PDF_END = Buffer.from("%%EOF");

/** A PDF by its bytes: the header at the start and the end-of-file marker near the end (a cut-off file has none). */
function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, PDF_START.length).equals(PDF_START) && bytes.subarray(-1024).includes(PDF_END);
}

/**
 * A certificate's document, judged by its bytes and never its name or declared type: a PDF is kept as sent; a photo
 * or scan of the paper is re-encoded like any photo (upright, location and camera data dropped) and kept at the
 * largest width, enough to read the print. Anything else is a 415.
 */
export async function checkCertificateDocument(bytes: Buffer, filename: string): Promise<CheckedDocument> {
  if (isPdf(bytes)) return { data: bytes, type: "application/pdf" };
  try {
    const sizes = await encodePhoto(bytes, filename, "listing");
    const largest = sizes.find((size) => size.width === PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]) ?? sizes[0];
    if (!largest) throw new Error("no size was made");
    return { data: largest.data, type: "image/webp" };
  } catch (error) {
    if (error instanceof UnsupportedMediaTypeError) {
      throw new UnsupportedMediaTypeError(
        `${displayName(filename)} is neither a PDF nor a picture we can read: upload the certificate as a PDF, or a JPEG, PNG, WebP or AVIF photo of it`,
      );
    }
    throw error;
  }
}

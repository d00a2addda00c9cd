import { type TPhotoUploadTicket, ZPhotoUploadTicket } from "@common/schemas/photo-uploads";
import { ApiError, apiRequest, parseJson } from "./api-client";
import { serverMessageOf } from "./error-message";

/**
 * Sending a photo from the device, the way every upload form does it: with progress as bytes go, either to our API
 * (multipart) or straight to the photo store with the presigned form the API handed out.
 */

export type Sent = { status: number; body: string };

/** A POST with upload progress (fetch cannot report it), resolving with the answer whatever its status. */
export function postWithProgress(
  url: string,
  form: FormData,
  onSent: (loaded: number) => void,
  onUploaded?: () => void,
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    // Cookies go to our own API only; the store's form carries its own signature.
    request.withCredentials = url.startsWith("/");
    request.upload.onprogress = (event) => onSent(event.loaded);
    // Every byte is out; the answer waits for the server to check the photos.
    if (onUploaded) request.upload.onload = onUploaded;
    request.onload = () => resolve({ status: request.status, body: request.responseText });
    request.onerror = () => reject(new Error("network"));
    request.onabort = () => reject(new Error("aborted"));
    request.send(form);
  });
}

/** A store's XML refusal in words a landlord can act on. */
export function storeRefusal(fileName: string, body: string): string {
  if (/EntityTooLarge/.test(body)) return `“${fileName}” is larger than the photo store accepts.`;
  if (/expired/i.test(body)) return `“${fileName}” took too long to send. Choose it again to upload it.`;
  return `“${fileName}” could not be sent to the photo store. Please try again.`;
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
  tif: "image/tiff",
  tiff: "image/tiff",
};

/** The file's type as the browser knows it; some systems give none, and then its extension says. */
export function declaredType(file: File): string {
  if (file.type) return file.type;
  return TYPES_BY_EXTENSION[file.name.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";
}

/** Where one kind of photo goes: the API's ticket, completion and multipart addresses. */
export type PhotoRoutes = {
  /** POST {fileName, contentType, size}: a ticket for the store, or "send it as a form". */
  tickets: string;
  /** POST once the store has the file. */
  complete: (uploadId: string) => string;
  /** The multipart form's address and its file field. */
  form: string;
  field: string;
};

/**
 * One photo sent the way the server says: straight to the photo store (a ticket, the file posted to the store, then
 * "done" to the API, which checks and re-encodes it) or through the app as a multipart form. Answers the API's final
 * JSON; a refusal throws an Error whose message can be shown as it is.
 */
export async function sendOnePhoto(
  routes: PhotoRoutes,
  file: File,
  onProgress: (percent: number) => void,
): Promise<unknown> {
  const asked = await apiRequest("POST", routes.tickets, {
    fileName: file.name,
    contentType: declaredType(file),
    size: file.size,
  });
  const ticket: TPhotoUploadTicket = await parseJson(asked, ZPhotoUploadTicket);
  const report = (loaded: number) => onProgress(Math.min(100, (loaded / (file.size || 1)) * 100));
  if (ticket.mode === "form") {
    const form = new FormData();
    form.append(routes.field, file, file.name);
    const sent = await postWithProgress(routes.form, form, report).catch(() => {
      throw new Error(`“${file.name}” could not be sent: check your connection and try again.`);
    });
    if (sent.status < 200 || sent.status >= 300) {
      throw new Error(
        serverMessageOf(
          new ApiError(sent.status, sent.body, ""),
          `“${file.name}” could not be saved. Please try again.`,
        ),
      );
    }
    return JSON.parse(sent.body) as unknown;
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  // The store reads the fields first; the file must come last.
  form.append("file", file, file.name);
  const sent = await postWithProgress(ticket.url, form, report).catch(() => {
    throw new Error(`“${file.name}” could not be sent: check your connection and try again.`);
  });
  if (sent.status < 200 || sent.status >= 300) throw new Error(storeRefusal(file.name, sent.body));
  const completed = await apiRequest("POST", routes.complete(ticket.uploadId), {});
  return completed.json() as Promise<unknown>;
}

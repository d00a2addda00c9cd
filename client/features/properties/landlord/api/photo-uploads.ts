import { type TManagedPhoto, ZManagedPhotos } from "@common/schemas/landlord-properties";
import { type TPhotoUploadTicket, ZPhotoUploadTicket } from "@common/schemas/photo-uploads";
import { ApiError, apiRequest, parseJson } from "@/lib/api-client";
import { serverMessageOf } from "@/lib/error-message";
import { declaredType, postWithProgress, type Sent, storeRefusal } from "@/lib/photo-uploads";

/** Where a batch of device photos has got to: which file, and how many of all the batch's bytes have gone. */
export type UploadProgress = {
  /** 1-based. */
  file: number;
  files: number;
  fileName: string;
  /** Sending the bytes, or the server checking the photo it has received. */
  stage: "sending" | "checking";
  /** 0 to 100 over the whole batch. */
  percent: number;
};

export type UploadOutcome = {
  /** The property's photos after the last photo that was added; null when none was. */
  photos: TManagedPhoto[] | null;
  added: number;
  /** One sentence per file that was not added. */
  failures: string[];
};

/**
 * Sends device photos to a listing. The server says how: straight to the photo store, one file at a time (a ticket,
 * the file posted to the store, then "done" to the API, which checks and re-encodes it), or through the app as one
 * multipart form. Either way progress is reported as bytes go. A file that is refused does not stop the others in
 * the store's case; the multipart form is all or nothing, as the server answers it.
 */
export async function uploadPhotoFiles(
  base: string,
  files: readonly File[],
  onProgress: (progress: UploadProgress) => void,
): Promise<UploadOutcome> {
  const total = files.reduce((sum, file) => sum + file.size, 0) || 1;
  const outcome: UploadOutcome = { photos: null, added: 0, failures: [] };
  let done = 0;
  for (const [index, file] of files.entries()) {
    const report = (stage: UploadProgress["stage"], sent: number) =>
      onProgress({
        file: index + 1,
        files: files.length,
        fileName: file.name,
        stage,
        percent: ((done + Math.min(sent, file.size)) / total) * 100,
      });
    report("sending", 0);
    let ticket: TPhotoUploadTicket;
    try {
      const asked = await apiRequest("POST", `${base}/photos/uploads`, {
        fileName: file.name,
        contentType: declaredType(file),
        size: file.size,
      });
      ticket = await parseJson(asked, ZPhotoUploadTicket);
    } catch (error) {
      outcome.failures.push(`“${file.name}”: ${serverMessageOf(error, "it could not be uploaded. Please try again.")}`);
      done += file.size;
      continue;
    }
    if (ticket.mode === "form") return sendAsForm(base, files.slice(index), done, total, onProgress, outcome);

    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    // The store reads the fields first; the file must come last.
    form.append("file", file, file.name);
    try {
      const sent = await postWithProgress(ticket.url, form, (loaded) => report("sending", loaded));
      if (sent.status < 200 || sent.status >= 300) {
        outcome.failures.push(storeRefusal(file.name, sent.body));
        done += file.size;
        continue;
      }
      report("checking", file.size);
      const completed = await apiRequest("POST", `${base}/photos/uploads/${ticket.uploadId}/complete`, {});
      outcome.photos = await parseJson(completed, ZManagedPhotos);
      outcome.added += 1;
    } catch (error) {
      outcome.failures.push(
        error instanceof ApiError
          ? serverMessageOf(error, `“${file.name}” could not be added. Please try again.`)
          : `“${file.name}” could not be sent: check your connection and try again.`,
      );
    }
    done += file.size;
  }
  return outcome;
}

/** The app takes the photos itself: one multipart form, files in `photos`, all kept or none. */
async function sendAsForm(
  base: string,
  files: readonly File[],
  done: number,
  total: number,
  onProgress: (progress: UploadProgress) => void,
  outcome: UploadOutcome,
): Promise<UploadOutcome> {
  const form = new FormData();
  for (const file of files) form.append("photos", file, file.name);
  const fileName = files.length === 1 ? (files[0]?.name ?? "") : `${files.length} photos`;
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  // The form is a little larger than its files (boundaries, headers): its share sent stands for theirs.
  const formBytes = bytes + files.length * 200;
  const report = (stage: UploadProgress["stage"], share: number) =>
    onProgress({ file: 1, files: 1, fileName, stage, percent: ((done + bytes * Math.min(1, share)) / total) * 100 });
  let sent: Sent;
  try {
    sent = await postWithProgress(
      `${base}/photos`,
      form,
      (loaded) => report("sending", loaded / formBytes),
      () => report("checking", 1),
    );
  } catch {
    outcome.failures.push("The photos could not be sent: check your connection and try again.");
    return outcome;
  }
  if (sent.status < 200 || sent.status >= 300) {
    outcome.failures.push(
      serverMessageOf(new ApiError(sent.status, sent.body, ""), "The photos could not be added. Please try again."),
    );
    return outcome;
  }
  outcome.photos = ZManagedPhotos.parse(JSON.parse(sent.body));
  outcome.added += files.length;
  return outcome;
}

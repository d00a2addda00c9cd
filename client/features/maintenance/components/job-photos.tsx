import { MAX_JOB_PHOTOS } from "@common/domain/maintenance";
import type { TMaintenanceJobDetail } from "@common/schemas/maintenance";
import { MAX_PHOTO_BYTES } from "@common/schemas/property-form";
import { ImagePlus, Loader2, X } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { DetailSection } from "@/components/ui/detail-section";
import { FormFailure } from "@/components/ui/form-failure";
import { serverMessageOf } from "@/lib/error-message";
import { pluralize } from "@/lib/format";
import { useJobPhotos } from "../api/maintenance-api";
import { mayEditPhotos } from "../utils/job-rules";

const MEGABYTES = MAX_PHOTO_BYTES / (1024 * 1024);

/**
 * A job's photos, each opening full size. The reporter or whoever runs the job adds and removes them while it is
 * open, one at a time, up to MAX_JOB_PHOTOS; a file that is not an image, or too large, is refused before sending.
 */
export function JobPhotos({ job }: { job: TMaintenanceJobDetail }) {
  const editable = mayEditPhotos(job);
  const { add, remove } = useJobPhotos(job.id);
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  if (job.photos.length === 0 && !editable) return null;
  const room = MAX_JOB_PHOTOS - job.photos.length;

  async function upload(file: File) {
    setFailure(null);
    if (!file.type.startsWith("image/")) {
      setFailure(`“${file.name}” is not an image. Choose a photo: JPEG, PNG or WebP.`);
      return;
    }
    if (file.size > MAX_PHOTO_BYTES) {
      setFailure(`“${file.name}” is larger than ${MEGABYTES} MB, the most a photo may be.`);
      return;
    }
    try {
      await add.mutateAsync(file);
    } catch (error) {
      setFailure(serverMessageOf(error, "The photo was not added. Please try again."));
    }
  }

  async function removePhoto(photoId: number) {
    setFailure(null);
    try {
      await remove.mutateAsync(photoId);
    } catch (error) {
      setFailure(serverMessageOf(error, "The photo was not removed. Please try again."));
    }
  }

  return (
    <DetailSection title="Photos">
      {job.photos.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {job.photos.map((photo, index) => {
            const name = `${job.issue}, ${index + 1} of ${job.photos.length}`;
            return (
              <li key={photo.id} className="relative">
                <a
                  href={photo.url}
                  target="_blank"
                  rel="noreferrer"
                  className="block overflow-hidden rounded-xl border border-border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <img src={photo.url} alt={name} loading="lazy" className="aspect-square w-full object-cover" />
                </a>
                {editable ? (
                  <Button
                    variant="inverse"
                    size="icon-sm"
                    className="absolute top-1.5 right-1.5 size-8"
                    aria-label={`Remove ${name}`}
                    disabled={remove.isPending}
                    onClick={() => void removePhoto(photo.id)}
                  >
                    <X aria-hidden="true" />
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No photos yet. A photo helps the contractor see the problem.</p>
      )}
      {editable && room > 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={input}
            type="file"
            accept="image/*"
            hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void upload(file);
            }}
          />
          <Button variant="outline" size="sm" disabled={add.isPending} onClick={() => input.current?.click()}>
            {add.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <ImagePlus aria-hidden="true" />}
            {add.isPending ? "Adding…" : "Add a photo"}
          </Button>
          <span className="text-xs text-muted-foreground">
            Up to {MEGABYTES} MB · {pluralize(room, "more photo", "more photos")} allowed
          </span>
        </div>
      ) : null}
      {failure ? <FormFailure>{failure}</FormFailure> : null}
    </DetailSection>
  );
}

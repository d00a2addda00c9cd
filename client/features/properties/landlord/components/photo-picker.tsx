import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_PROPERTY } from "@common/schemas/property-form";
import { CircleAlert, ImageOff, ImagePlus, Link2, Plus, Upload, X } from "lucide-react";
import type * as React from "react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import { photoUrlProblem, sortChosenFiles } from "../utils/property-form-state";

/** A photo waiting to be sent with the form: a file from the device, or an address on the web. */
export type PhotoDraft = { key: string; kind: "file"; file: File } | { key: string; kind: "url"; url: string };

let lastKey = 0;
function newKey(): string {
  lastKey += 1;
  return `photo-${lastKey}`;
}

/**
 * The dialog's photos, device photos first: the server stores the uploaded files before the addresses, so the
 * order on screen is the order saved and the first is the main photo.
 */
export function usePhotoDrafts() {
  const [photos, setPhotos] = useState<PhotoDraft[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  function addFiles(chosen: File[]) {
    const { accepted, refused } = sortChosenFiles(chosen, photos.length);
    setNotice(refused.length > 0 ? refused.join(" ") : null);
    if (accepted.length === 0) return;
    const drafts = accepted.map((file): PhotoDraft => ({ key: newKey(), kind: "file", file }));
    setPhotos((list) => {
      const files = list.filter((p) => p.kind === "file");
      const urls = list.filter((p) => p.kind === "url");
      return [...files, ...drafts, ...urls];
    });
  }

  /** Adds an address, or answers why it cannot be added. */
  function addUrl(text: string): string | null {
    const problem = photoUrlProblem(text, photos.length);
    if (problem) return problem;
    const url = text.trim();
    if (photos.some((p) => p.kind === "url" && p.url === url)) return "This image has already been added.";
    setNotice(null);
    setPhotos((list) => [...list, { key: newKey(), kind: "url", url }]);
    return null;
  }

  function remove(key: string) {
    setNotice(null);
    setPhotos((list) => list.filter((p) => p.key !== key));
  }

  function reset() {
    setNotice(null);
    setPhotos([]);
  }

  return {
    photos,
    notice,
    files: photos.flatMap((p) => (p.kind === "file" ? [p.file] : [])),
    urls: photos.flatMap((p) => (p.kind === "url" ? [p.url] : [])),
    addFiles,
    addUrl,
    remove,
    reset,
  };
}

export type PhotoDrafts = ReturnType<typeof usePhotoDrafts>;

/** A preview address for a chosen file, released when the thumbnail goes away. */
function useObjectUrl(file: File): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

function ThumbnailImage({ src, alt }: { src: string | null; alt: string }) {
  const [broken, setBroken] = useState(false);
  if (!src) return <span className="absolute inset-0 animate-pulse bg-secondary" />;
  if (broken) {
    return (
      <span className="absolute inset-0 flex flex-col items-center justify-center gap-1.5 bg-secondary p-2 text-center text-xs text-muted-foreground">
        <ImageOff aria-hidden="true" className="size-5" />
        <span>{alt}: preview unavailable</span>
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      onError={() => setBroken(true)}
      className="absolute inset-0 size-full object-cover"
      // Photos by address come from other sites; do not tell them where the landlord is typing.
      referrerPolicy="no-referrer"
    />
  );
}

function FileThumbnail({ file, alt }: { file: File; alt: string }) {
  return <ThumbnailImage src={useObjectUrl(file)} alt={alt} />;
}

function Thumbnail({
  photo,
  position,
  onRemove,
  disabled,
}: {
  photo: PhotoDraft;
  position: number;
  onRemove: () => void;
  disabled: boolean;
}) {
  const alt = `Image ${position}`;
  const source = photo.kind === "file" ? photo.file.name : photo.url;
  return (
    <li className="group relative">
      <figure className="relative aspect-[4/3] overflow-hidden rounded-xl border border-border bg-secondary">
        {photo.kind === "file" ? (
          <FileThumbnail file={photo.file} alt={alt} />
        ) : (
          <ThumbnailImage src={photo.url} alt={alt} />
        )}
        {position === 1 ? (
          <span className="absolute bottom-2 left-2 rounded-full bg-ink-900/85 px-2.5 py-1 text-xs font-medium text-ivory">
            Main photo
          </span>
        ) : null}
      </figure>
      <p className="mt-1.5 flex items-center gap-1.5 truncate text-xs text-muted-foreground" title={source}>
        {photo.kind === "file" ? (
          <Upload aria-hidden="true" className="size-3 shrink-0" />
        ) : (
          <Link2 aria-hidden="true" className="size-3 shrink-0" />
        )}
        <span className="truncate">{source}</span>
      </p>
      <Button
        variant="inverse"
        size="icon-sm"
        aria-label={`Remove image ${position}`}
        onClick={onRemove}
        disabled={disabled}
        className="absolute top-2 right-2 size-8 shadow-md"
      >
        <X aria-hidden="true" />
      </Button>
    </li>
  );
}

/**
 * Property Images: add by address (Enter or Add URL) or choose files from the device; each shows a
 * thumbnail with its own Remove button. Files over 10 MB and photos beyond 20 are refused here; the server checks
 * the files' content again.
 */
export function PhotoPicker({
  drafts,
  error,
  disabled = false,
}: {
  drafts: PhotoDrafts;
  /** The form's message about the photos as a whole (from the shared schema). */
  error?: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [urlText, setUrlText] = useState("");
  const [urlProblem, setUrlProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const { photos } = drafts;
  const full = photos.length >= MAX_PHOTOS_PER_PROPERTY;
  const urlErrorId = `${id}-url-error`;
  const noticeId = `${id}-notice`;
  const message = drafts.notice ?? error ?? null;

  function addUrl() {
    const problem = drafts.addUrl(urlText);
    setUrlProblem(problem);
    if (!problem) setUrlText("");
  }

  function onDrop(event: React.DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    drafts.addFiles(Array.from(event.dataTransfer.files));
  }

  return (
    <div className="grid gap-5">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a mouse shortcut; the button below does the same from the keyboard */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "grid justify-items-center gap-3 rounded-2xl border border-dashed border-input/70 bg-background/70 px-5 py-7 text-center transition-colors",
          dragging && "border-brass-700 bg-brass-100/60",
        )}
      >
        <span className="flex size-11 items-center justify-center rounded-full bg-brass-100 text-brass-700">
          <ImagePlus aria-hidden="true" className="size-5" />
        </span>
        <div className="grid gap-1">
          <p className="text-sm font-medium text-foreground">Upload photos from your device</p>
          <p id={`${id}-limits`} className="text-xs text-muted-foreground">
            JPEG, PNG, WebP and other images · up to {MAX_PHOTO_BYTES / (1024 * 1024)} MB each ·{" "}
            {MAX_PHOTOS_PER_PROPERTY} photos in all
          </p>
        </div>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          hidden
          onChange={(event) => {
            drafts.addFiles(Array.from(event.target.files ?? []));
            // Choosing the same file again after removing it must fire onChange again.
            event.target.value = "";
          }}
        />
        <Button
          variant="outline"
          onClick={() => fileInput.current?.click()}
          disabled={disabled || full}
          aria-describedby={`${id}-limits`}
        >
          <Upload aria-hidden="true" />
          Choose photos
        </Button>
      </div>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-url`}>Or add an image URL</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder="https://example.com/photo.jpg"
            value={urlText}
            disabled={disabled || full}
            aria-invalid={Boolean(urlProblem)}
            aria-describedby={urlProblem ? urlErrorId : undefined}
            onChange={(event) => {
              setUrlText(event.target.value);
              if (urlProblem) setUrlProblem(null);
            }}
            onKeyDown={(event) => {
              // Enter adds the address instead of sending the whole form.
              if (event.key === "Enter") {
                event.preventDefault();
                addUrl();
              }
            }}
          />
          <Button variant="secondary" onClick={addUrl} disabled={disabled || full} className="sm:w-auto">
            <Plus aria-hidden="true" />
            Add URL
          </Button>
        </div>
        {urlProblem ? (
          <p id={urlErrorId} className="flex items-center gap-1.5 text-sm text-destructive">
            <CircleAlert aria-hidden="true" className="size-3.5 shrink-0" />
            {urlProblem}
          </p>
        ) : null}
      </div>

      <div aria-live="polite" id={noticeId}>
        {message ? (
          <p className="flex items-start gap-2 rounded-xl bg-destructive-soft px-3.5 py-2.5 text-sm text-destructive">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {message}
          </p>
        ) : null}
      </div>

      {photos.length > 0 ? (
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            {photos.length} of {MAX_PHOTOS_PER_PROPERTY} photos · the first is the main photo
          </p>
          <ul aria-label="Selected images" className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            {photos.map((photo, index) => (
              <Thumbnail
                key={photo.key}
                photo={photo}
                position={index + 1}
                disabled={disabled}
                onRemove={() => drafts.remove(photo.key)}
              />
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          No images added yet. Guests see the main photo first, so choose a bright one.
        </p>
      )}
    </div>
  );
}

import type { TManagedPhoto, TManagedProperty } from "@common/schemas/landlord-properties";
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_PROPERTY } from "@common/schemas/property-form";
import { ArrowLeft, ArrowRight, ImagePlus, Images, Link2, Loader2, Star, Trash2, Upload } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { cn } from "@/lib/utils";
import { type PhotoChange, usePhotoChange, usePhotoUpload } from "../../api/manage-property-api";
import type { UploadProgress } from "../../api/photo-uploads";
import { photoUrlProblem, sortChosenFiles } from "../../utils/property-form-state";
import { EmptyState, Panel, SectionFrame } from "./section-frame";

const PLACEHOLDER = "/images/property-placeholder.webp";
const MEGABYTES = MAX_PHOTO_BYTES / (1024 * 1024);

function photoAlt(photo: TManagedPhoto, title: string, position: number) {
  return photo.caption ?? `${title}, photo ${position}`;
}

/** Photos: the main one marked, reorder with buttons (no dragging needed), remove, add by URL or from the device. */
export function PhotoManager({ property, propertyRef }: { property: TManagedProperty; propertyRef: string }) {
  const change = usePhotoChange(propertyRef);
  const upload = usePhotoUpload(propertyRef);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  // As guests see them: the main photo first, then the others in their order.
  const photos = [...property.photos].sort(
    (a, b) => Number(b.isMain) - Number(a.isMain) || a.displayOrder - b.displayOrder || a.id - b.id,
  );
  // The main photo keeps first place; the others move around it.
  const firstMovable = photos[0]?.isMain ? 1 : 0;
  const [announcement, setAnnouncement] = useState("");
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);
  const [removing, setRemoving] = useState<TManagedPhoto | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // The button to focus after a move: taken once it is enabled again (buttons are disabled while saving).
  const focusAfterMove = useRef<string | null>(null);
  useEffect(() => {
    const button = focusAfterMove.current ? buttons.current.get(focusAfterMove.current) : undefined;
    if (button && !button.disabled) {
      button.focus();
      focusAfterMove.current = null;
    }
  });

  function send(photoChange: PhotoChange, success: { title: string; description?: string }, onDone?: () => void) {
    setProblem(null);
    change.mutate(photoChange, {
      onSuccess: () => {
        toast(success);
        onDone?.();
      },
      onError: (error) => {
        const message = serverMessageOf(error, "The photos could not be changed. Please try again.");
        setProblem({ title: "Photos not changed", message });
        toast({ variant: "destructive", title: "Photos not changed", description: message });
      },
    });
  }

  /** Files the browser already refused (`refused`) are reported with those the server refuses. */
  function startUpload(files: File[], refused: string[]) {
    setProblem(null);
    const report = (failures: string[], added: number) => {
      if (failures.length === 0) return;
      // "Some": others were added, or only files the browser refused before sending anything.
      const title = added > 0 || files.length === 0 ? "Some files were not added" : "Photos not added";
      setProblem({ title, message: failures.join(" ") });
      toast({ variant: "destructive", title, description: failures.join(" ") });
    };
    if (files.length === 0) {
      report(refused, 0);
      return;
    }
    setProgress({ file: 1, files: files.length, fileName: files[0]?.name ?? "", stage: "sending", percent: 0 });
    upload.mutate(
      { files, onProgress: setProgress },
      {
        onSuccess: ({ added, failures }) => {
          if (added > 0) {
            toast({
              title: added === 1 ? "Photo uploaded" : "Photos uploaded",
              description: `${added} added to your listing.`,
            });
          }
          report([...refused, ...failures], added);
        },
        onError: (error) =>
          report([...refused, serverMessageOf(error, "The photos could not be added. Please try again.")], 0),
        onSettled: () => setProgress(null),
      },
    );
  }

  function move(photo: TManagedPhoto, index: number, delta: -1 | 1) {
    const target = index + delta;
    if (target < firstMovable || target >= photos.length) return;
    const order = photos.map((p) => p.id);
    order.splice(index, 1);
    order.splice(target, 0, photo.id);
    setProblem(null);
    change.mutate(
      { kind: "order", photoIds: order },
      {
        onSuccess: () => {
          setAnnouncement(`Photo moved to position ${target + 1} of ${photos.length}.`);
          // At either end one move button is disabled: keep the keyboard on the photo with the other one.
          const key =
            target === firstMovable
              ? `${photo.id}:later`
              : target === photos.length - 1
                ? `${photo.id}:earlier`
                : `${photo.id}:${delta < 0 ? "earlier" : "later"}`;
          focusAfterMove.current = key;
        },
        onError: (error) => {
          const message = serverMessageOf(error, "The order could not be saved. Please try again.");
          setProblem({ title: "Order not saved", message });
          toast({ variant: "destructive", title: "Order not saved", description: message });
        },
      },
    );
  }

  const register = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };

  return (
    <SectionFrame
      id="manage-photos"
      title="Photos"
      description={
        <>
          The main photo leads your listing and its cards; the others follow in this order. Up to{" "}
          {MAX_PHOTOS_PER_PROPERTY} photos, each at most {MEGABYTES} MB.
        </>
      }
    >
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {problem ? (
        <Alert variant="destructive" role="alert">
          <Images aria-hidden="true" />
          <AlertTitle>{problem.title}</AlertTitle>
          <AlertDescription>{problem.message}</AlertDescription>
        </Alert>
      ) : null}

      {photos.length === 0 ? (
        <EmptyState icon={<Images />} title="No photos yet">
          Listings with photos are booked far more often. Add a few below: the first becomes the main photo.
        </EmptyState>
      ) : (
        <ul aria-label="Photos in display order" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {photos.map((photo, index) => {
            const position = index + 1;
            const busy = change.isPending || upload.isPending;
            return (
              <li
                key={photo.id}
                className={cn(
                  "overflow-hidden rounded-2xl border bg-card shadow-soft",
                  photo.isMain ? "border-brass-500 ring-1 ring-brass-500" : "border-border",
                )}
              >
                <div className="relative aspect-[4/3] bg-secondary">
                  <img
                    src={photo.url}
                    srcSet={photo.srcSet ?? undefined}
                    sizes="(min-width: 80rem) 400px, (min-width: 40rem) 50vw, 100vw"
                    alt={photoAlt(photo, property.title, position)}
                    loading={index < 3 ? "eager" : "lazy"}
                    decoding="async"
                    width={960}
                    height={720}
                    onError={(event) => {
                      if (!event.currentTarget.src.endsWith(PLACEHOLDER)) {
                        event.currentTarget.srcset = "";
                        event.currentTarget.src = PLACEHOLDER;
                      }
                    }}
                    className="size-full object-cover"
                  />
                  <span className="absolute top-3 left-3 rounded-full bg-white/90 px-2.5 py-0.5 text-xs font-medium text-ink-800 shadow-sm tabular-nums">
                    {position} of {photos.length}
                  </span>
                  {photo.isMain ? (
                    <span className="absolute top-3 right-3 inline-flex items-center gap-1 rounded-full bg-ink-800 px-2.5 py-0.5 text-xs font-medium text-ivory shadow-sm">
                      <Star aria-hidden="true" className="size-3.5 fill-current" />
                      Main photo
                    </span>
                  ) : null}
                </div>
                <div className="flex flex-wrap items-center gap-2 p-3">
                  {photo.isMain ? (
                    <span className="mr-auto text-sm font-medium text-brass-700">Shown first</span>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline"
                      className="mr-auto"
                      disabled={busy}
                      aria-label={`Make main, photo ${position}`}
                      onClick={() =>
                        send(
                          { kind: "main", photoId: photo.id },
                          { title: "Main photo changed", description: `Photo ${position} now leads your listing.` },
                        )
                      }
                    >
                      <Star aria-hidden="true" />
                      Make main
                    </Button>
                  )}
                  {photo.isMain ? null : (
                    <>
                      <Button
                        ref={register(`${photo.id}:earlier`)}
                        size="icon-sm"
                        variant="ghost"
                        disabled={busy || index <= firstMovable}
                        aria-label={`Move photo ${position} earlier`}
                        title="Move earlier"
                        onClick={() => move(photo, index, -1)}
                      >
                        <ArrowLeft aria-hidden="true" />
                      </Button>
                      <Button
                        ref={register(`${photo.id}:later`)}
                        size="icon-sm"
                        variant="ghost"
                        disabled={busy || index === photos.length - 1}
                        aria-label={`Move photo ${position} later`}
                        title="Move later"
                        onClick={() => move(photo, index, 1)}
                      >
                        <ArrowRight aria-hidden="true" />
                      </Button>
                    </>
                  )}
                  <Button
                    size="icon-sm"
                    variant="ghost"
                    className="text-destructive hover:bg-destructive-soft"
                    disabled={busy}
                    aria-label={`Remove photo ${position}`}
                    title="Remove"
                    onClick={() => setRemoving(photo)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <AddPhotos
        photoCount={photos.length}
        busy={change.isPending || upload.isPending}
        progress={progress}
        onUpload={startUpload}
        onAdd={(photoChange, done) =>
          send(photoChange, { title: "Photo added", description: "The photo is now part of your listing." }, done)
        }
      />

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        pending={change.isPending}
        title="Remove this photo?"
        description={
          <>
            {removing?.isMain
              ? "It is your main photo: the next photo in the order takes its place."
              : "Guests will no longer see it on your listing."}{" "}
            This cannot be undone.
          </>
        }
        cancelLabel="Keep photo"
        confirmLabel="Remove photo"
        destructive
        onConfirm={() =>
          removing &&
          send({ kind: "remove", photoId: removing.id }, { title: "Photo removed" }, () => setRemoving(null))
        }
      >
        {removing ? (
          <img
            src={removing.url}
            alt=""
            className="aspect-[4/3] w-full rounded-xl object-cover"
            width={960}
            height={720}
          />
        ) : null}
      </ConfirmDialog>
    </SectionFrame>
  );
}

/** Add by URL (Enter or Add URL) or choose files from the device; a batch of files shows its progress. */
function AddPhotos({
  photoCount,
  busy,
  progress,
  onUpload,
  onAdd,
}: {
  photoCount: number;
  busy: boolean;
  progress: UploadProgress | null;
  onUpload: (files: File[], refused: string[]) => void;
  onAdd: (change: PhotoChange, done: () => void) => void;
}) {
  const ids = useId();
  const [url, setUrl] = useState("");
  const [urlError, setUrlError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const full = photoCount >= MAX_PHOTOS_PER_PROPERTY;

  function addUrl(event: FormEvent) {
    event.preventDefault();
    const problem = photoUrlProblem(url, photoCount);
    if (problem) {
      setUrlError(problem);
      return;
    }
    setUrlError(null);
    onAdd({ kind: "add-url", url: url.trim() }, () => setUrl(""));
  }

  /** Files the client can already tell are wrong are named; the rest are sent, and the server checks again. */
  function upload(files: File[]) {
    if (files.length === 0) return;
    const { accepted, refused } = sortChosenFiles(files, photoCount);
    onUpload(accepted, refused);
  }

  return (
    <Panel>
      <h3 className="flex items-center gap-2 font-display text-lg font-medium">
        <ImagePlus aria-hidden="true" className="size-5 text-brass-700" />
        Add photos
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        {full
          ? `This property has the most photos allowed (${MAX_PHOTOS_PER_PROPERTY}). Remove one to add another.`
          : `${photoCount} of ${MAX_PHOTOS_PER_PROPERTY} photos used. JPEG, PNG, WebP or AVIF.`}
      </p>
      <div className="mt-4 grid gap-5 lg:grid-cols-[1fr_auto] lg:items-end">
        <form onSubmit={addUrl} noValidate className="grid gap-2">
          <Label htmlFor={`${ids}-url`}>Image URL</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={`${ids}-url`}
              type="url"
              inputMode="url"
              placeholder="https://example.com/photo.jpg"
              value={url}
              disabled={full}
              aria-invalid={urlError ? true : undefined}
              aria-describedby={urlError ? `${ids}-url-error` : undefined}
              onChange={(event) => {
                setUrl(event.target.value);
                if (urlError) setUrlError(null);
              }}
            />
            <Button type="submit" variant="outline" disabled={busy || full || url.trim() === ""}>
              <Link2 aria-hidden="true" />
              Add URL
            </Button>
          </div>
          {urlError ? (
            <p id={`${ids}-url-error`} className="text-sm text-destructive">
              {urlError}
            </p>
          ) : null}
        </form>
        <div className="grid gap-2">
          <span className="text-sm font-medium lg:sr-only">From your device</span>
          <input
            ref={fileInput}
            id={`${ids}-files`}
            type="file"
            accept="image/*"
            multiple
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              upload(Array.from(event.target.files ?? []));
              event.target.value = "";
            }}
          />
          <Button disabled={busy || full} onClick={() => fileInput.current?.click()}>
            {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Upload aria-hidden="true" />}
            Upload photos
          </Button>
        </div>
      </div>
      <UploadStatus progress={progress} />
    </Panel>
  );
}

/** The batch being sent: which photo, how far, and when the server is checking one. Silent when idle. */
function UploadStatus({ progress }: { progress: UploadProgress | null }) {
  const step = progress
    ? `${progress.files > 1 ? `Photo ${progress.file} of ${progress.files}: ` : ""}${
        progress.stage === "checking" ? "checking" : "uploading"
      } ${progress.fileName}`
    : "";
  return (
    <>
      {/* Each step is announced once; the bar's every percent is not. */}
      <p aria-live="polite" className="sr-only">
        {step}
      </p>
      {progress ? (
        <div className="mt-5 grid gap-2 rounded-xl border border-border bg-background/70 p-3.5">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="flex min-w-0 items-center gap-2 font-medium text-foreground">
              <Loader2 aria-hidden="true" className="size-4 shrink-0 animate-spin text-brass-700" />
              <span className="truncate">
                {progress.stage === "checking" ? `Checking ${progress.fileName}…` : `Uploading ${progress.fileName}`}
              </span>
            </span>
            <span className="shrink-0 text-muted-foreground tabular-nums">
              {progress.files > 1 ? `${progress.file} of ${progress.files} · ` : ""}
              {Math.round(progress.percent)}%
            </span>
          </div>
          <Progress
            value={progress.percent}
            aria-label="Uploading photos"
            valueText={`${step}, ${Math.round(progress.percent)}%`}
          />
        </div>
      ) : null}
    </>
  );
}

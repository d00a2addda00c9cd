import type { TSessionUser } from "@common/schemas/auth";
import { MAX_PHOTO_BYTES } from "@common/schemas/property-form";
import { Camera, ImagePlus, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormFailure } from "@/components/ui/form-failure";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/components/ui/use-toast";
import { UserAvatar } from "@/components/ui/user-avatar";
import { serverMessageOf } from "@/lib/error-message";
import { avatarInitial } from "@/lib/user-names";
import { useRemoveProfilePhoto, useUploadProfilePhoto } from "../api/account-api";
import { AccountDialog } from "./account-dialog";

const MEGABYTES = MAX_PHOTO_BYTES / (1024 * 1024);
/** What the file picker offers; the server still checks every file by its content. */
const ACCEPTED = "image/jpeg,image/png,image/webp";

/**
 * The profile photo beside one's name: a small camera button on the avatar opens a dialog to choose a photo from the
 * device (sent as listing photos are, and cropped to a square by the server) or to remove it.
 */
export function ProfilePhoto({ user, onSaved }: { user: TSessionUser; onSaved: () => Promise<unknown> }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadProfilePhoto(onSaved, setPercent);
  const remove = useRemoveProfilePhoto(onSaved);
  const busy = upload.isPending || remove.isPending;
  const hasPhoto = user.profileImageUrl !== null;
  const failure = problem ?? (remove.isError ? serverMessageOf(remove.error, "Your photo was not removed.") : null);

  return (
    <div className="relative shrink-0">
      <UserAvatar imageUrl={user.profileImageUrl} fallback={avatarInitial(user)} className="size-20 text-3xl" />
      <AccountDialog
        onOpen={() => {
          setProblem(null);
          setPercent(null);
          upload.reset();
          remove.reset();
        }}
        trigger={
          <Button
            size="icon-sm"
            variant="outline"
            className="absolute -right-1 -bottom-1 rounded-full shadow-sm"
            aria-label={hasPhoto ? "Change profile photo" : "Add a profile photo"}
          >
            <Camera aria-hidden="true" />
          </Button>
        }
        title="Profile photo"
        description="The photo hosts, guests and our team see beside your name. We crop it to a square."
        busy={busy}
      >
        {(close) => {
          const choose = (file: File | undefined) => {
            if (!file) return;
            setProblem(null);
            if (file.size > MAX_PHOTO_BYTES) {
              setProblem(`“${file.name}” is larger than ${MEGABYTES} MB. Please choose a smaller photo.`);
              return;
            }
            setPercent(0);
            upload.mutate(file, {
              onSuccess: ({ message }) => {
                close();
                toast({ title: "Photo saved", description: message });
              },
              onError: (error) => setProblem(error.message || "Your photo was not saved. Please try again."),
              onSettled: () => setPercent(null),
            });
          };
          return (
            <div className="grid gap-5">
              <div className="flex items-center gap-4">
                <UserAvatar
                  imageUrl={user.profileImageUrl}
                  fallback={avatarInitial(user)}
                  className="size-24 text-4xl"
                />
                <p className="text-sm leading-relaxed text-muted-foreground" id={`${id}-hint`}>
                  A JPEG, PNG or WebP photo, up to {MEGABYTES} MB. A clear photo of your face works best.
                </p>
              </div>
              <input
                ref={input}
                id={`${id}-file`}
                type="file"
                accept={ACCEPTED}
                className="sr-only"
                tabIndex={-1}
                aria-label="Photo file"
                aria-describedby={`${id}-hint`}
                onChange={(event) => {
                  choose(event.target.files?.[0]);
                  event.target.value = "";
                }}
              />
              {percent !== null ? (
                <div className="grid gap-2" aria-live="polite">
                  <p className="text-sm font-medium">
                    {percent < 100 ? `Sending your photo… ${Math.round(percent)}%` : "Checking your photo…"}
                  </p>
                  <Progress value={percent} aria-label="Uploading your photo" />
                </div>
              ) : null}
              {failure ? <FormFailure>{failure}</FormFailure> : null}
              <div className="flex flex-wrap justify-end gap-3">
                {hasPhoto ? (
                  <Button
                    variant="ghost"
                    disabled={busy}
                    onClick={() =>
                      remove.mutate(undefined, {
                        onSuccess: ({ message }) => {
                          close();
                          toast({ title: "Photo removed", description: message });
                        },
                      })
                    }
                  >
                    <Trash2 aria-hidden="true" />
                    {remove.isPending ? "Removing…" : "Remove photo"}
                  </Button>
                ) : null}
                <Button disabled={busy} onClick={() => input.current?.click()} aria-describedby={`${id}-hint`}>
                  <ImagePlus aria-hidden="true" />
                  {upload.isPending ? "Uploading…" : hasPhoto ? "Choose a new photo" : "Choose a photo"}
                </Button>
              </div>
            </div>
          );
        }}
      </AccountDialog>
    </div>
  );
}

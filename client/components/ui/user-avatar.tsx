import { cn } from "@/lib/utils";

/**
 * A profile photo, or the given letters when there is none or it fails to load. Decorative: the
 * person's name is always written beside it.
 *
 * The letters sit under the photo, so they show while it loads and if it fails (an image with empty alternative
 * text that fails draws nothing). No script decides which to show, so the header costs public pages no avatar code.
 */
export function UserAvatar({
  imageUrl,
  fallback,
  className,
}: {
  imageUrl: string | null;
  /** One or two letters. */
  fallback: string;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "relative inline-flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary font-semibold text-primary-foreground select-none",
        className,
      )}
    >
      {fallback}
      {imageUrl ? <img src={imageUrl} alt="" className="absolute inset-0 size-full object-cover" /> : null}
    </span>
  );
}

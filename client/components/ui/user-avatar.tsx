import { Avatar } from "radix-ui";
import { cn } from "@/lib/utils";

/**
 * A profile photo, or the given letters when there is none or it fails to load. Decorative: the
 * person's name is always written beside it.
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
    <Avatar.Root
      aria-hidden="true"
      className={cn(
        "inline-flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary font-semibold text-primary-foreground select-none",
        className,
      )}
    >
      {imageUrl ? <Avatar.Image src={imageUrl} alt="" className="size-full object-cover" /> : null}
      <Avatar.Fallback delayMs={imageUrl ? 400 : 0}>{fallback}</Avatar.Fallback>
    </Avatar.Root>
  );
}

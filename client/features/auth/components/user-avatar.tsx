import type { TSessionUser } from "@common/schemas/auth";
import { Avatar } from "radix-ui";
import { cn } from "@/lib/utils";
import { avatarInitial } from "../api/session";

/**
 * Spec 1 §2: the profile image, else the first letter of the first name, else of the e-mail. Decorative: the name
 * is always written beside it.
 */
export function UserAvatar({
  user,
  className,
}: {
  user: Pick<TSessionUser, "firstName" | "email" | "profileImageUrl">;
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
      {user.profileImageUrl ? (
        <Avatar.Image src={user.profileImageUrl} alt="" className="size-full object-cover" />
      ) : null}
      <Avatar.Fallback delayMs={user.profileImageUrl ? 400 : 0}>{avatarInitial(user)}</Avatar.Fallback>
    </Avatar.Root>
  );
}

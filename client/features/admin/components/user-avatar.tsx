import { useState } from "react";
import { cn } from "@/lib/utils";
import { initials } from "../utils/format-user";

/** The user's photo, or their initials when there is none or it fails to load. */
export function UserAvatar({
  user,
  className,
}: {
  user: { firstName: string | null; lastName: string | null; email: string; profileImageUrl: string | null };
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  const base = cn("size-12 shrink-0 rounded-full", className);
  if (user.profileImageUrl && !broken) {
    return (
      <img
        src={user.profileImageUrl}
        alt=""
        className={cn(base, "object-cover")}
        loading="lazy"
        decoding="async"
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(base, "flex items-center justify-center bg-ink-800 font-display text-lg font-medium text-ivory")}
    >
      {initials(user)}
    </span>
  );
}

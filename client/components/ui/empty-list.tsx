import type * as React from "react";
import { cn } from "@/lib/utils";

/** A whole page's list ("page"), or one section inside a page that has other content ("section", smaller). */
const SIZES = {
  page: {
    box: "rounded-3xl bg-card py-16",
    badge: "size-14",
    icon: "size-7",
    title: "mt-5 text-2xl",
    body: "",
    action: "mt-7",
  },
  section: {
    box: "rounded-2xl bg-ivory py-12",
    badge: "size-12",
    icon: "size-6",
    title: "mt-4 text-xl",
    body: "text-sm",
    action: "mt-6",
  },
} as const;

/** A list with nothing in it yet: an icon, what will appear here and when, and an optional next step. */
export function EmptyList({
  icon: Icon,
  title,
  children,
  action,
  size = "page",
  className,
}: {
  icon: React.ElementType;
  title: string;
  children: React.ReactNode;
  action?: React.ReactNode;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const look = SIZES[size];
  return (
    <div
      className={cn(
        "flex flex-col items-center border border-dashed border-input px-6 text-center",
        look.box,
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn("flex items-center justify-center rounded-full bg-brass-100 text-brass-700", look.badge)}
      >
        <Icon className={look.icon} />
      </span>
      <p className={cn("font-display font-medium", look.title)}>{title}</p>
      <div className={cn("mt-2 max-w-md text-muted-foreground", look.body)}>{children}</div>
      {action ? <div className={look.action}>{action}</div> : null}
    </div>
  );
}

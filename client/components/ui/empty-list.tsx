import type * as React from "react";
import { cn } from "@/lib/utils";

const FRAME = "border border-dashed border-input";

/**
 * A whole page's list ("page"); a list that is the whole of a dashboard tab ("panel"); one section inside a page that
 * has other content ("section", smaller); or the open half of a two-pane page before anything is picked ("prompt",
 * no frame: the pane is the frame).
 */
const SIZES = {
  page: {
    box: cn(FRAME, "rounded-3xl bg-card py-16"),
    badge: "size-14",
    icon: "size-7",
    title: "mt-5 text-2xl",
    body: "",
    action: "mt-7",
  },
  panel: {
    box: cn(FRAME, "rounded-2xl bg-card py-14"),
    badge: "size-14",
    icon: "size-7",
    title: "mt-5 text-2xl",
    body: "",
    action: "mt-7",
  },
  section: {
    box: cn(FRAME, "rounded-2xl bg-ivory py-12"),
    badge: "size-12",
    icon: "size-6",
    title: "mt-4 text-xl",
    body: "text-sm",
    action: "mt-6",
  },
  prompt: {
    box: "flex-1 justify-center py-16",
    badge: "size-14",
    icon: "size-7",
    title: "mt-5 text-2xl",
    body: "max-w-sm text-sm",
    action: "mt-7",
  },
} as const;

/**
 * A list with nothing in it yet: an icon, what will appear here and when, and an optional next step. The title is a
 * heading (`titleAs`) where the empty list stands in for a part of the page that has one.
 */
export function EmptyList({
  icon: Icon,
  title,
  titleAs: Title = "p",
  children,
  action,
  size = "page",
  className,
}: {
  icon: React.ElementType;
  title: string;
  titleAs?: "p" | "h2" | "h3";
  children: React.ReactNode;
  action?: React.ReactNode;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const look = SIZES[size];
  return (
    <div className={cn("flex flex-col items-center px-6 text-center", look.box, className)}>
      <span
        aria-hidden="true"
        className={cn("flex items-center justify-center rounded-full bg-brass-100 text-brass-700", look.badge)}
      >
        <Icon className={look.icon} />
      </span>
      <Title className={cn("font-display font-medium", look.title)}>{title}</Title>
      <div className={cn("mt-2 max-w-md text-muted-foreground", look.body)}>{children}</div>
      {action ? <div className={look.action}>{action}</div> : null}
    </div>
  );
}

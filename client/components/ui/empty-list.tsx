import type * as React from "react";
import { cn } from "@/lib/utils";

/** A page's list with nothing in it yet: an icon, what will appear here and when, and an optional next step. */
export function EmptyList({
  icon: Icon,
  title,
  children,
  action,
  className,
}: {
  icon: React.ElementType;
  title: string;
  children: React.ReactNode;
  action?: React.ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex flex-col items-center rounded-3xl border border-dashed border-input bg-card px-6 py-16 text-center",
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="flex size-14 items-center justify-center rounded-full bg-brass-100 text-brass-700"
      >
        <Icon className="size-7" />
      </span>
      <p className="mt-5 font-display text-2xl font-medium">{title}</p>
      <p className="mt-2 max-w-md text-muted-foreground">{children}</p>
      {action ? <div className="mt-7">{action}</div> : null}
    </div>
  );
}

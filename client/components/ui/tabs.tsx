import { Tabs as TabsPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "@/lib/utils";

/**
 * A page's tabs (the dashboards): a row of pills, the chosen one white. Radix Tabs: arrow keys move between the tabs,
 * Tab enters the panel. On a phone the row fills the width and, when the labels do not fit, scrolls sideways
 * instead of squeezing them.
 */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return (
    // Positioned, so visually hidden text in a tab is clipped by the scrolling row and cannot widen the page.
    <div className="relative -mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
      <TabsPrimitive.List
        className={cn("flex w-max min-w-full gap-1 rounded-full bg-secondary p-1 sm:min-w-0", className)}
        {...props}
      />
    </div>
  );
}

export function TabsTrigger({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "inline-flex flex-1 cursor-pointer items-center justify-center gap-2 rounded-full px-4 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors sm:flex-none sm:px-6",
        "hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        "data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cn(
        "mt-6 min-w-0 rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring",
        className,
      )}
      {...props}
    />
  );
}

/** A small count beside a tab's label (unread messages, offers waiting). */
export function TabCount({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-ink-800 px-1.5 text-xs leading-5 font-semibold text-ivory tabular-nums">
      {count}
      <span className="sr-only"> {label}</span>
    </span>
  );
}

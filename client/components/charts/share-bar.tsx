import { cn } from "@/lib/utils";

/** A horizontal share bar (0 to 100), decorative: the percentage is always written beside it. */
export function ShareBar({ percent, className }: { percent: number; className?: string }) {
  const width = Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0;
  return (
    <div aria-hidden="true" className={cn("h-2 w-full overflow-hidden rounded-full bg-secondary", className)}>
      <div className="h-full rounded-full bg-brass-500" style={{ width: width > 0 ? `max(${width}%, 4px)` : "0" }} />
    </div>
  );
}

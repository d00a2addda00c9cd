import { cn } from "@/lib/utils";

/** The StayLondon mark: a roofline over an S. Decorative; the wordmark beside it carries the name. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={cn("size-8", className)}>
      <rect width="64" height="64" rx="14" fill="#14213D" />
      <path d="M14 50V30l18-14 18 14v20" fill="none" stroke="#D4B07A" strokeWidth="3.5" strokeLinejoin="round" />
      <path
        d="M38.5 30.5c-1.6-2.4-4.1-3.5-6.9-3.5-4 0-6.8 2.2-6.8 5.3 0 6.9 14.1 4.1 14.1 11.3 0 3.4-3.1 5.9-7.5 5.9-3.3 0-6.1-1.4-7.7-3.9"
        fill="none"
        stroke="#FBF8F3"
        strokeWidth="3.5"
        strokeLinecap="round"
      />
    </svg>
  );
}

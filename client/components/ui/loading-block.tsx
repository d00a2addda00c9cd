import type * as React from "react";

/**
 * Placeholders standing where content will be, marked busy, with a status line only screen readers hear saying what
 * is on its way ("Loading bookings…").
 */
export function LoadingBlock({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div aria-busy="true" className={className}>
      <p role="status" className="sr-only">
        {label}
      </p>
      {children}
    </div>
  );
}

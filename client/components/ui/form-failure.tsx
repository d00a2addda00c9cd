import type * as React from "react";

/** Why a form's request failed (the server's words when it gave some), announced as it appears. */
export function FormFailure({ children }: { children: React.ReactNode }) {
  return (
    <p role="alert" className="rounded-xl bg-destructive-soft px-4 py-3 text-sm font-medium text-destructive">
      {children}
    </p>
  );
}

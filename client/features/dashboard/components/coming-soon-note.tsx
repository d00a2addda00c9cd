import { Hammer } from "lucide-react";
import type * as React from "react";

/** Says plainly which tools are not built yet, instead of showing made-up figures. */
export function ComingSoonNote({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-4 rounded-2xl border border-dashed border-input/60 bg-card/60 p-6">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-muted-foreground">
        <Hammer aria-hidden="true" className="size-5" />
      </span>
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}

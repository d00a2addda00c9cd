import type * as React from "react";
import { useEffect, useRef } from "react";
import { Label, RequiredMark } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/**
 * One wizard step: its heading (focused when the step opens, so screen readers start there), its content and its
 * buttons.
 */
export function StepCard({
  title,
  intro,
  children,
  actions,
  focusOnMount = true,
  className,
}: {
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
  actions?: React.ReactNode;
  /** False for the step the page opens on: focus stays where the page put it. */
  focusOnMount?: boolean;
  className?: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the step opens
  useEffect(() => {
    if (focusOnMount) heading.current?.focus({ preventScroll: false });
  }, []);
  return (
    <section
      aria-labelledby="wizard-step-heading"
      className={cn("rounded-3xl border border-border bg-card p-5 shadow-soft sm:p-8", className)}
    >
      <h2
        id="wizard-step-heading"
        ref={heading}
        tabIndex={-1}
        className="font-display text-2xl font-medium tracking-tight outline-none sm:text-3xl"
      >
        {title}
      </h2>
      {intro ? <div className="mt-2 text-muted-foreground">{intro}</div> : null}
      <div className="mt-6">{children}</div>
      {actions ? (
        <div className="mt-8 flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
          {actions}
        </div>
      ) : null}
    </section>
  );
}

/** A step's form: the browser's own validation is off (the wizard explains problems itself), Enter goes on. */
export function StepForm({
  onNext,
  ...props
}: Omit<React.ComponentProps<"form">, "onSubmit"> & { onNext: () => void }) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onNext();
      }}
      {...props}
    />
  );
}

/** A labelled field of a step, its label marked when the field is required. */
export function StepField({
  htmlFor,
  label,
  required = false,
  className,
  children,
}: {
  htmlFor: string;
  label: React.ReactNode;
  required?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={htmlFor}>
        {label}
        {required ? <RequiredMark /> : null}
      </Label>
      {children}
    </div>
  );
}

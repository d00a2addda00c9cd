import { Check } from "lucide-react";
import { cn } from "@/lib/utils";
import { WIZARD_STEPS, type WizardStep } from "../utils/wizard-rules";

/** The step indicator: where the guest is among the four steps (the current one has aria-current="step"). */
export function WizardProgress({ step }: { step: WizardStep }) {
  return (
    <nav aria-label="Booking steps">
      <p className="sr-only" aria-live="polite">
        Step {step} of {WIZARD_STEPS.length}: {WIZARD_STEPS[step - 1]}
      </p>
      <ol className="grid grid-cols-4 gap-2 sm:gap-3">
        {WIZARD_STEPS.map((label, index) => {
          const number = index + 1;
          const done = number < step;
          const current = number === step;
          return (
            <li
              key={label}
              aria-current={current ? "step" : undefined}
              className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-center"
            >
              <span
                aria-hidden="true"
                className={cn(
                  "flex size-8 shrink-0 items-center justify-center rounded-full border text-sm font-semibold tabular-nums transition-colors",
                  done && "border-success bg-success text-white",
                  current && "border-primary bg-primary text-primary-foreground shadow-soft",
                  !done && !current && "border-input bg-card text-muted-foreground",
                )}
              >
                {done ? <Check className="size-4" /> : number}
              </span>
              <span
                className={cn(
                  "min-w-0 text-xs leading-tight sm:text-sm",
                  current ? "font-semibold text-foreground" : "text-muted-foreground",
                )}
              >
                <span className="sr-only">{done ? "Completed: " : current ? "Current: " : ""}</span>
                {label}
              </span>
              {number < WIZARD_STEPS.length ? (
                <span aria-hidden="true" className="hidden h-px flex-1 bg-border lg:block" />
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

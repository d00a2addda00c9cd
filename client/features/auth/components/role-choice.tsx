import { ROLE_LABELS, SELF_SERVICE_ROLES } from "@common/domain/roles";
import { Building2, Check, Luggage } from "lucide-react";
import { RadioGroup } from "radix-ui";
import { useId } from "react";
import { FieldError } from "@/components/ui/form-field";
import { RequiredMark } from "@/components/ui/label";
import { cn } from "@/lib/utils";

export type SelfServiceRole = (typeof SELF_SERVICE_ROLES)[number];

const ROLE_CARDS: Record<SelfServiceRole, { icon: typeof Luggage; text: string }> = {
  guest: { icon: Luggage, text: "Book stays, save favourites and keep your trips in one place." },
  landlord: { icon: Building2, text: "List and manage your homes. Our team reviews new landlord accounts." },
};

export function isSelfServiceRole(value: string): value is SelfServiceRole {
  return (SELF_SERVICE_ROLES as readonly string[]).includes(value);
}

/**
 * Only Guest/Tenant and Landlord/Owner can be chosen, and nothing is chosen until the visitor picks,
 * so nobody becomes a landlord (or a guest) by accident.
 */
export function RoleChoice({
  value,
  onChange,
  error,
}: {
  value: SelfServiceRole | null;
  onChange: (role: SelfServiceRole) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <p id={labelId} className="flex items-center gap-1 text-sm font-medium leading-none">
        I'm joining as
        <RequiredMark />
      </p>
      <RadioGroup.Root
        value={value ?? ""}
        onValueChange={(next) => {
          if (isSelfServiceRole(next)) onChange(next);
        }}
        aria-labelledby={labelId}
        aria-required="true"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        className="grid gap-3 sm:grid-cols-2"
      >
        {SELF_SERVICE_ROLES.map((role) => (
          <RoleCard key={role} role={role} invalid={Boolean(error)} />
        ))}
      </RadioGroup.Root>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

function RoleCard({ role, invalid }: { role: SelfServiceRole; invalid: boolean }) {
  const id = useId();
  const { icon: Icon, text } = ROLE_CARDS[role];
  return (
    <RadioGroup.Item
      value={role}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className={cn(
        "group relative flex cursor-pointer flex-col items-start gap-2 rounded-xl border bg-card p-4 text-left transition-[border-color,box-shadow,background-color]",
        "hover:border-foreground/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        "data-[state=checked]:border-primary data-[state=checked]:bg-brass-100/50 data-[state=checked]:shadow-[0_0_0_1px_var(--color-primary)]",
        invalid ? "border-destructive" : "border-input",
      )}
    >
      <span className="flex w-full items-center justify-between">
        <span className="flex size-9 items-center justify-center rounded-lg bg-brass-100 text-brass-700">
          <Icon aria-hidden="true" className="size-4.5" />
        </span>
        <span
          aria-hidden="true"
          className="flex size-5 items-center justify-center rounded-full border border-input group-data-[state=checked]:border-primary group-data-[state=checked]:bg-primary"
        >
          <RadioGroup.Indicator>
            <Check className="size-3 text-primary-foreground" strokeWidth={3} />
          </RadioGroup.Indicator>
        </span>
      </span>
      <span id={`${id}-title`} className="font-semibold text-foreground">
        {ROLE_LABELS[role]}
      </span>
      <span id={`${id}-text`} className="text-xs leading-relaxed text-muted-foreground">
        {text}
      </span>
    </RadioGroup.Item>
  );
}

import { SegmentedControl } from "@/components/ui/segmented-control";

const STAY_KINDS = [
  { value: "stay", label: "Stay by the night" },
  { value: "tenancy", label: "Rent as a home" },
] as const;

/**
 * Where a listing's tenancies are periodic, the guest first says how they will live there: a stay by the night (dates
 * in and out) or a home on a tenancy (a move-in date; it has no end until the tenant gives notice).
 */
export function StayKindSwitch({
  tenancy,
  onChange,
  className,
}: {
  tenancy: boolean;
  onChange: (tenancy: boolean) => void;
  className?: string;
}) {
  return (
    <SegmentedControl
      label="How you'd like to stay"
      value={tenancy ? "tenancy" : "stay"}
      options={STAY_KINDS}
      onChange={(kind) => onChange(kind === "tenancy")}
      className={className}
    />
  );
}

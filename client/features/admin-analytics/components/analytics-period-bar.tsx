import { PLATFORM_PERIOD_LABELS, PLATFORM_PERIODS, type PlatformPeriod } from "@common/domain/platform-analytics";
import { CalendarRange } from "lucide-react";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { BUCKET_NAMES, formatPeriodRange } from "../utils/platform-report";

const PERIOD_OPTIONS = PLATFORM_PERIODS.map((value) => ({ value, label: PLATFORM_PERIOD_LABELS[value] }));

/** The period buttons and the dates the figures cover (once known). */
export function AnalyticsPeriodBar({
  period,
  onPeriodChange,
  range,
}: {
  period: PlatformPeriod;
  onPeriodChange: (period: PlatformPeriod) => void;
  /** The period's first and last day, from the figures on screen. */
  range: { from: string; to: string } | undefined;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <SegmentedControl
        label="Period"
        value={period}
        options={PERIOD_OPTIONS}
        onChange={onPeriodChange}
        className="w-full sm:w-auto"
      />
      {range ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarRange aria-hidden="true" className="size-4 shrink-0 text-brass-700" />
          <span>
            {formatPeriodRange(range.from, range.to)}, {BUCKET_NAMES[period]}
          </span>
        </p>
      ) : null}
    </div>
  );
}

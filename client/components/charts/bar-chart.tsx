import { cn } from "@/lib/utils";
import { ChartAxisLabels, ChartFrame, type ChartProps, chartMax, heightPercent } from "./chart-data-table";

/**
 * A hand-drawn column chart (CSS only): one column per datum in equal widths, so it shrinks with its container
 * down to a phone. The drawing is hidden from assistive technology; a visually hidden table carries the figures.
 */
export function BarChart({
  caption,
  labelHeader,
  valueHeader,
  data,
  fixedMax,
  highlightKey,
  showValues = true,
  heightClassName = "h-44",
  colourClassName = "bg-brass-300",
  highlightClassName = "bg-ink-700",
  emptyText,
  axisLabelEvery,
  className,
}: ChartProps & {
  /** The datum drawn darker, e.g. the current month. */
  highlightKey?: string;
  showValues?: boolean;
  colourClassName?: string;
  highlightClassName?: string;
}) {
  const max = chartMax(data, fixedMax);
  const columns = { gridTemplateColumns: `repeat(${Math.max(1, data.length)}, minmax(0, 1fr))` };
  return (
    <ChartFrame
      caption={caption}
      labelHeader={labelHeader}
      valueHeader={valueHeader}
      data={data}
      heightClassName={heightClassName}
      emptyText={emptyText}
      className={className}
      axis={
        <ChartAxisLabels
          every={axisLabelEvery}
          data={data}
          columns={columns}
          highlightKey={highlightKey}
          className="mt-2 grid gap-1.5 sm:gap-3"
        />
      }
    >
      <div className="relative grid h-full items-end gap-1.5 sm:gap-3" style={columns}>
        {data.map((datum) => {
          const height = heightPercent(datum.value, max);
          const highlighted = datum.key === highlightKey;
          return (
            <div key={datum.key} className="flex h-full min-w-0 flex-col items-center justify-end">
              {showValues ? (
                <span className="mb-1 max-w-full truncate text-[0.625rem] leading-none font-medium text-muted-foreground tabular-nums sm:text-xs">
                  <span className="sm:hidden">{datum.compactValueText ?? datum.valueText}</span>
                  <span className="hidden sm:inline">{datum.valueText}</span>
                </span>
              ) : null}
              <div
                className={cn(
                  "w-full max-w-12 rounded-t-md transition-[height] duration-500 ease-out",
                  height > 0
                    ? (datum.colourClassName ?? (highlighted ? highlightClassName : colourClassName))
                    : "bg-transparent",
                )}
                // A value above zero always shows at least a sliver.
                style={{ height: height > 0 ? `max(${height}%, 3px)` : "0" }}
              />
            </div>
          );
        })}
      </div>
    </ChartFrame>
  );
}

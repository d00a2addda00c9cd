import { cn } from "@/lib/utils";
import { ChartAxisLabels, ChartFrame, type ChartProps, chartMax, heightPercent } from "./chart-data-table";

/**
 * A hand-drawn line chart: an SVG path stretched to its box (the stroke keeps its width), with the points as
 * HTML dots so they stay round at any width. Points sit at the centres of equal columns, so the axis labels
 * below line up with them. Figures reach screen readers through a visually hidden table.
 */
export function LineChart({
  caption,
  labelHeader,
  valueHeader,
  data,
  fixedMax,
  heightClassName = "h-40",
  emptyText,
  axisLabelEvery,
  className,
}: ChartProps) {
  const max = chartMax(data, fixedMax);
  const count = Math.max(1, data.length);
  const points = data.map((datum, index) => ({
    datum,
    x: ((index + 0.5) / count) * 100,
    y: 100 - heightPercent(datum.value, max),
  }));
  const line = points.map((p, i) => `${i === 0 ? "M" : "L"}${p.x.toFixed(2)},${p.y.toFixed(2)}`).join(" ");
  const first = points[0];
  const last = points.at(-1);
  const area = first && last ? `${line} L${last.x.toFixed(2)},100 L${first.x.toFixed(2)},100 Z` : "";
  const columns = { gridTemplateColumns: `repeat(${count}, minmax(0, 1fr))` };

  return (
    <ChartFrame
      caption={caption}
      labelHeader={labelHeader}
      valueHeader={valueHeader}
      data={data}
      heightClassName={heightClassName}
      emptyText={emptyText}
      className={className}
      axis={<ChartAxisLabels data={data} columns={columns} every={axisLabelEvery} className="mt-2 grid gap-1" />}
    >
      <svg
        className="absolute inset-0 size-full overflow-visible"
        viewBox="0 0 100 100"
        preserveAspectRatio="none"
        focusable="false"
        aria-hidden="true"
      >
        <path d={area} className="fill-brass-100/70" />
        <path
          d={line}
          className="fill-none stroke-brass-700"
          strokeWidth={2}
          strokeLinejoin="round"
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      {points.map(({ datum, x, y }) => (
        <span
          key={datum.key}
          className={cn(
            "absolute size-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-card shadow-sm",
            datum.colourClassName ?? "bg-brass-700",
          )}
          style={{ left: `${x}%`, top: `${y}%` }}
        />
      ))}
    </ChartFrame>
  );
}

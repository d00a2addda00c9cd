import type * as React from "react";
import { cn } from "@/lib/utils";
/** One point of a chart: what the axis says, what a reader hears, the figure and its bar colour. */
export type ChartDatum = {
  key: string;
  /** Full label for the text alternative, e.g. "October 2026" or "w/c 5 Oct 2026". */
  label: string;
  /** Short label under the bar or point, e.g. "Oct". */
  axisLabel: string;
  /** A shorter axis label for phones, e.g. "28/9". */
  compactAxisLabel?: string;
  value: number;
  /** The figure as read out and shown, e.g. "£1,240" or "72.5%". */
  valueText: string;
  /** A short form for the figure above a bar on narrow screens, e.g. "£1.2k". */
  compactValueText?: string;
  /** Tailwind background class of this bar or point; the chart's default otherwise. */
  colourClassName?: string;
};

/**
 * The text alternative of a chart: a visually hidden table with every figure, so a screen reader user gets the
 * same numbers the bars show (the drawing itself is aria-hidden).
 */
export function ChartDataTable({
  caption,
  labelHeader,
  valueHeader,
  data,
}: {
  caption: string;
  labelHeader: string;
  valueHeader: string;
  data: readonly ChartDatum[];
}) {
  // The wrapper is what is hidden: a table ignores the 1px width of sr-only and would widen the page.
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((datum) => (
            <tr key={datum.key}>
              <th scope="row">{datum.label}</th>
              <td>{datum.valueText}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The scale's top: the largest value, or `fixedMax` (100 for rates); never 0, so heights are never NaN. */
export function chartMax(data: readonly ChartDatum[], fixedMax?: number): number {
  if (fixedMax !== undefined && fixedMax > 0) return fixedMax;
  const largest = Math.max(0, ...data.map((d) => (Number.isFinite(d.value) ? d.value : 0)));
  return largest > 0 ? largest : 1;
}

/** A value as a percentage of the scale, clamped to 0..100. */
export function heightPercent(value: number, max: number): number {
  if (!Number.isFinite(value) || max <= 0) return 0;
  return Math.min(100, Math.max(0, (value / max) * 100));
}

/**
 * The labels under a chart's columns; a shorter form on phones where one is given. With `every` above 1 (a dense
 * chart: 30 days, 13 weeks) only every `every`-th column is labelled, counted back from the last (the newest), and
 * each label may use the width of the columns it stands for, ending under its own column.
 */
export function ChartAxisLabels({
  data,
  columns,
  highlightKey,
  every = 1,
  className,
}: {
  data: readonly ChartDatum[];
  columns: { gridTemplateColumns: string };
  highlightKey?: string | undefined;
  every?: number;
  className: string;
}) {
  const step = Math.max(1, Math.floor(every));
  return (
    <div className={className} style={columns}>
      {data.map((datum, index) => {
        if (step > 1 && ((data.length - 1 - index) % step !== 0 || index < step - 1)) return null;
        return (
          <span
            key={datum.key}
            className={cn(
              "truncate text-[0.6875rem] text-muted-foreground sm:text-xs",
              step > 1 ? "text-right" : "text-center",
              datum.key === highlightKey && "font-semibold text-foreground",
            )}
            style={step > 1 ? { gridColumn: `${index + 2 - step} / ${index + 2}` } : undefined}
          >
            {datum.compactAxisLabel ? (
              <>
                <span className="sm:hidden">{datum.compactAxisLabel}</span>
                <span className="hidden sm:inline">{datum.axisLabel}</span>
              </>
            ) : (
              datum.axisLabel
            )}
          </span>
        );
      })}
    </div>
  );
}

/**
 * The plot's backdrop, drawn inside its positioned box: quiet guide lines at quarters of the scale, the baseline, and
 * `emptyText` over the plot when every value is 0 (visible only: the table says the zeros).
 */
export function ChartGuides({ data, emptyText }: { data: readonly ChartDatum[]; emptyText?: string | undefined }) {
  const allZero = data.every((d) => !(d.value > 0));
  return (
    <>
      {[25, 50, 75, 100].map((line) => (
        <div
          key={line}
          className="absolute inset-x-0 border-t border-dashed border-border"
          style={{ bottom: `${line}%` }}
        />
      ))}
      <div className="absolute inset-x-0 bottom-0 border-t border-input/60" />
      {allZero && emptyText ? (
        <p className="absolute inset-x-0 top-1/3 text-center text-sm text-muted-foreground">{emptyText}</p>
      ) : null}
    </>
  );
}

/** What every chart is given: its figures, how a screen reader's table names them, and the plot's size. */
export type ChartProps = {
  /** Names the chart for screen readers (the table's caption). */
  caption: string;
  labelHeader: string;
  valueHeader: string;
  data: readonly ChartDatum[];
  /** A fixed top of the scale (100 for percentages); otherwise the largest value. */
  fixedMax?: number;
  heightClassName?: string;
  /** Said over the empty plot when every value is 0 (visible only: the table says the zeros). */
  emptyText?: string;
  /** Label only every n-th column (counted back from the last), for dense charts. */
  axisLabelEvery?: number;
  className?: string;
};

/**
 * A chart's frame: the drawing (`children`, over the guides, in a box `heightClassName` tall) and its `axis` under
 * it, hidden from assistive technology, then the visually hidden table that carries the figures.
 */
export function ChartFrame({
  caption,
  labelHeader,
  valueHeader,
  data,
  heightClassName,
  emptyText,
  className,
  axis,
  children,
}: Omit<ChartProps, "fixedMax" | "axisLabelEvery"> & { axis: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className={className}>
      <div aria-hidden="true">
        <div className={cn("relative", heightClassName)}>
          <ChartGuides data={data} emptyText={emptyText} />
          {children}
        </div>
        {axis}
      </div>
      <ChartDataTable caption={caption} labelHeader={labelHeader} valueHeader={valueHeader} data={data} />
    </div>
  );
}

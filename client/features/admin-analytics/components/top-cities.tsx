import type { TPlatformAnalytics } from "@common/schemas/platform-analytics";
import { MapPin } from "lucide-react";
import { EmptyList } from "@/components/ui/empty-list";
import { SectionCard } from "@/components/ui/section-card";
import { TableHeadRow } from "@/components/ui/table-head-row";
import { formatInteger, formatPounds, pluralize } from "@/lib/format";
import { SettlementBadges } from "./settlement-badges";

type City = TPlatformAnalytics["topCities"][number];

const COLUMNS = [
  { name: "Rank", className: "w-12 py-2.5 pr-3 font-semibold" },
  { name: "City", className: "py-2.5 pr-3 font-semibold" },
  { name: "Bookings", className: "py-2.5 pr-3 text-right font-semibold" },
  { name: "Revenue", className: "py-2.5 text-right font-semibold" },
] as const;

/**
 * The cities that earned the most in the period: a table from a tablet up, ranked cards on a phone. An amount with
 * demo money or money not yet collected in it says so.
 */
export function TopCities({ cities }: { cities: readonly City[] }) {
  return (
    <SectionCard
      id="top-cities-heading"
      title="Top cities"
      description="By revenue from stays checking in during the period (charged to guests, less refunds), then by bookings."
    >
      {cities.length === 0 ? (
        <EmptyList icon={MapPin} title="No revenue in this period" size="section">
          <p>Cities appear here once a confirmed stay checks in during the period.</p>
        </EmptyList>
      ) : (
        <>
          <table className="hidden w-full text-left text-sm sm:table">
            <caption className="sr-only">Top cities by revenue</caption>
            <TableHeadRow
              className="border-b border-border text-xs tracking-wide text-muted-foreground uppercase"
              columns={COLUMNS}
            />
            <tbody className="divide-y divide-border">
              {cities.map((city, index) => (
                <tr key={city.city}>
                  <td className="py-3 pr-3 text-muted-foreground tabular-nums">{index + 1}</td>
                  <th scope="row" className="py-3 pr-3 font-medium break-words">
                    {city.city}
                  </th>
                  <td className="py-3 pr-3 text-right tabular-nums">{formatInteger(city.bookings)}</td>
                  <td className="py-3 text-right font-medium tabular-nums">
                    <span className="inline-flex flex-wrap items-center justify-end gap-2">
                      <SettlementBadges settlement={city.settlement} />
                      {formatPounds(city.revenue)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ol aria-label="Top cities by revenue" className="grid gap-3 sm:hidden">
            {cities.map((city, index) => (
              <li key={city.city} className="flex items-center gap-3 rounded-2xl border border-border bg-ivory p-4">
                <span
                  aria-hidden="true"
                  className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brass-100 text-sm font-semibold text-brass-700 tabular-nums"
                >
                  {index + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{city.city}</p>
                  <p className="text-sm text-muted-foreground">{pluralize(city.bookings, "booking")}</p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <p className="font-medium tabular-nums">{formatPounds(city.revenue)}</p>
                  <SettlementBadges settlement={city.settlement} />
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
    </SectionCard>
  );
}

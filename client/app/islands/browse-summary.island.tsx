import { nightsBetween } from "@common/domain/calendar-dates";
import { partySummary } from "@common/domain/party";
import { formatFullDate } from "@common/utils/dates";
import { CalendarDays } from "lucide-react";
import { exactDatesIn, partyFilterOf, stayIn, useBrowseSearch } from "@/app/islands/browse-search";
import { FlexibleSummary, readFlexible } from "@/features/search/components/flexible-browse";
import { pluralize } from "@/lib/format";
import { defineIsland } from "@/lib/island";

/** Under browse's heading, the stay being searched, as the filters change it: exact dates, or flexible ones. */
export function BrowseStaySummary({ search }: { search: string }) {
  const [searchParams] = useBrowseSearch(search);
  const flexible = readFlexible(searchParams);
  if (flexible) return <FlexibleSummary choice={flexible} />;
  if (!exactDatesIn(searchParams)) return null;
  const stay = stayIn(searchParams);
  const party = partyFilterOf(searchParams);
  return (
    <p className="mt-4 inline-flex items-start gap-2 rounded-2xl bg-card px-4 py-2.5 text-sm shadow-soft">
      <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brass-700" />
      <span>
        Your dates: <strong className="font-semibold">{formatFullDate(stay.checkIn)}</strong> to{" "}
        <strong className="font-semibold">{formatFullDate(stay.checkOut)}</strong>
        <span className="block text-muted-foreground sm:inline">
          <span className="hidden sm:inline"> · </span>
          {pluralize(nightsBetween(stay.checkIn, stay.checkOut), "night")}
          {party ? `, ${partySummary(party)}` : ""} · showing places free for every night
        </span>
      </span>
    </p>
  );
}

export const BrowseStaySummaryIsland = defineIsland("browse-summary", BrowseStaySummary);

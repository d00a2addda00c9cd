import { LEVY_AREA_LABELS, type LevyArea, UK_RULES } from "@common/domain/uk-law";
import { ScrollText } from "lucide-react";
import { pluralize } from "@/lib/format";

type Licensing = {
  nation: string;
  levyArea: LevyArea | null;
  shortLetLicenceNumber: string | null;
  welshRegistrationNumber: string | null;
  maxGuests: number;
  epcRating: string | null;
};

/**
 * What the law of the listing's nation asks a listing to show: in Scotland the council's short-let licence number,
 * the maximum occupancy and the EPC rating; in Wales the visitor accommodation registration number; in Edinburgh that
 * stays carry the visitor levy. Only what the listing's record holds is shown.
 */
export function PropertyLicensing({ property }: { property: Licensing }) {
  const rows: Array<[string, string]> = [];
  if (property.nation === "Scotland" && property.shortLetLicenceNumber) {
    rows.push(["Short-term let licence", property.shortLetLicenceNumber]);
    rows.push(["Maximum occupancy", pluralize(property.maxGuests, "guest")]);
    rows.push(["EPC rating", property.epcRating ?? "Not given by the host"]);
  }
  if (property.nation === "Wales" && property.welshRegistrationNumber) {
    rows.push(["Visitor accommodation registration", property.welshRegistrationNumber]);
  }
  const levy = property.levyArea ? UK_RULES.edinburghVisitorLevy : null;
  if (rows.length === 0 && !levy) return null;
  return (
    <section aria-labelledby="licensing-heading" className="mt-12">
      <h2 id="licensing-heading" className="flex items-center gap-2 font-display text-2xl font-medium">
        <ScrollText aria-hidden="true" className="size-5 text-brass-700" />
        Licence and local rules
      </h2>
      {rows.length > 0 ? (
        <dl className="mt-4 grid gap-x-8 gap-y-3 sm:grid-cols-2">
          {rows.map(([term, value]) => (
            <div key={term} className="flex justify-between gap-4 border-b border-border pb-2">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="font-medium tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {levy && property.levyArea ? (
        <p className="mt-4 text-sm text-muted-foreground">
          {LEVY_AREA_LABELS[property.levyArea]}: {levy.summary} It is shown in the price of your dates.
        </p>
      ) : null}
    </section>
  );
}

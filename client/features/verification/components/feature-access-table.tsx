import type { TSessionUser } from "@common/schemas/auth";
import { CheckCircle2, Lock, Minus } from "lucide-react";
import { TableHeadRow } from "@/components/ui/table-head-row";
import { describeNeeds, type FeatureAccess, featureAccess, VERIFICATION_FEATURES } from "../utils/feature-access";

function AccessCell({ access }: { access: FeatureAccess }) {
  switch (access.kind) {
    case "allowed":
      return (
        <span className="inline-flex items-center gap-1.5 font-medium text-success">
          <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
          Available
        </span>
      );
    case "not-for-role":
      return (
        <span className="inline-flex items-center gap-1.5 text-muted-foreground">
          <Minus aria-hidden="true" className="size-4 shrink-0" />
          Landlords only
        </span>
      );
    case "locked":
      return (
        <span className="inline-flex items-center gap-1.5 font-medium text-warning">
          <Lock aria-hidden="true" className="size-4 shrink-0" />
          Verify your {access.missing.join(" and ")}
        </span>
      );
  }
}

const COLUMNS = [
  { name: "Feature", className: "px-4 py-3 font-semibold sm:px-6" },
  { name: "Requires", className: "hidden px-3 py-3 font-semibold sm:table-cell" },
  { name: "Your access", className: "px-4 py-3 font-semibold sm:px-6" },
] as const;

/** What each verification step unlocks, with this user's access in the last column. */
export function FeatureAccessTable({ user }: { user: TSessionUser }) {
  return (
    <section aria-labelledby="feature-access-heading" className="rounded-2xl border border-border bg-card shadow-soft">
      <div className="p-6 pb-4">
        <h2 id="feature-access-heading" className="font-display text-2xl font-medium">
          What you can do
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Some features need a verified email address, and booking needs a verified phone as well.
        </p>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Feature access by verification</caption>
          <TableHeadRow
            className="border-y border-border bg-secondary/60 text-xs tracking-wide text-muted-foreground uppercase"
            columns={COLUMNS}
          />
          <tbody className="divide-y divide-border">
            {VERIFICATION_FEATURES.map((feature) => {
              const needs = `${describeNeeds(feature.needs)}${feature.permission ? " (landlords)" : ""}`;
              return (
                <tr key={feature.name}>
                  <th scope="row" className="px-4 py-3.5 font-medium sm:px-6">
                    {feature.name}
                    {/* On a phone the Requires column folds under the feature's name. */}
                    <span className="mt-0.5 block text-xs font-normal text-muted-foreground sm:hidden">{needs}</span>
                  </th>
                  <td className="hidden px-3 py-3.5 text-muted-foreground sm:table-cell">{needs}</td>
                  <td className="px-4 py-3.5 sm:px-6">
                    <AccessCell access={featureAccess(feature, user)} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

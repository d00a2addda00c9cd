import { VERIFICATION_CHECK_LABELS } from "@common/domain/listing-verification";
import type { TPropertyDetail } from "@common/schemas/properties";
import { formatDate } from "@common/utils/dates";
import { BadgeCheck, Check, X } from "lucide-react";

/**
 * What the host said about pets, smoking and who the home suits. Only welcomes are shown for students and people
 * receiving benefits: turning tenants away for being on benefits is unlawful in England.
 */
function preferenceLines(property: TPropertyDetail) {
  const preferences = property.tenantPreferences;
  // Pets and children are the listing's own answer for short and mid stays (a tenant may still ask for a pet).
  const lines: { allowed: boolean; text: string }[] = [
    { allowed: property.petsAllowed, text: property.petsAllowed ? "Pets allowed" : "No pets" },
    {
      allowed: property.suitsChildren,
      text: property.suitsChildren ? "Suitable for children" : "Not suitable for children on short stays",
    },
  ];
  if (preferences.smokingAllowed !== undefined)
    lines.push({
      allowed: preferences.smokingAllowed,
      text: preferences.smokingAllowed ? "Smoking allowed" : "No smoking",
    });
  if (preferences.studentsAccepted) lines.push({ allowed: true, text: "Students welcome" });
  if (preferences.dssAccepted) lines.push({ allowed: true, text: "Tenants receiving benefits welcome" });
  return lines;
}

export function PropertyHouseRules({ property }: { property: TPropertyDetail }) {
  const lines = preferenceLines(property);
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="preferences-heading" className="mt-12 border-t border-border pt-10">
      <h2 id="preferences-heading" className="font-display text-2xl font-medium">
        Pets, smoking and who it suits
      </h2>
      <ul className="mt-6 grid gap-x-8 gap-y-3 sm:grid-cols-2">
        {lines.map(({ allowed, text }) => (
          <li key={text} className="flex items-start gap-2.5 text-sm">
            {allowed ? (
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            ) : (
              <X aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            )}
            {text}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Who verified the listing and what they checked, behind the Verified label. */
export function PropertyVerification({ property }: { property: TPropertyDetail }) {
  const { verification } = property;
  if (!verification) return null;
  return (
    <section
      aria-labelledby="verification-heading"
      className="mt-8 rounded-2xl border border-success/25 bg-success-soft/60 p-5 sm:p-6"
    >
      <h2 id="verification-heading" className="flex items-center gap-2 font-semibold text-foreground">
        <BadgeCheck aria-hidden="true" className="size-5 text-success" />
        Verified by StayLondon on {formatDate(verification.verifiedAt)}
      </h2>
      <ul className="mt-3 grid gap-1.5 text-sm text-foreground/85">
        {verification.checks.map((check) => (
          <li key={check} className="flex items-start gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            {VERIFICATION_CHECK_LABELS[check]}
          </li>
        ))}
      </ul>
    </section>
  );
}

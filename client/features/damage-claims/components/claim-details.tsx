import { DAMAGE_CLAIM_STATUS_LABELS, formatPence } from "@common/domain/damage-claims";
import type { TDamageClaim } from "@common/schemas/damage-claims";
import { Badge } from "@/components/ui/badge";

const DECISION_LABELS = { uphold: "Upheld in full", part: "Upheld in part", reject: "Rejected" } as const;

/** A claim's evidence and where it stands: the host's words and photos, the guest's dispute, the decision, the money. */
export function ClaimDetails({ claim, headingLevel = 2 }: { claim: TDamageClaim; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = `claim-${claim.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="rounded-3xl border border-border bg-card p-5 shadow-soft sm:p-7">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Heading id={headingId} className="font-display text-2xl font-medium">
            Damage claim of {formatPence(claim.amountPence)}
          </Heading>
          <p className="mt-1 text-sm text-muted-foreground">
            {claim.propertyTitle} · raised by {claim.hostName} on{" "}
            {new Date(claim.createdAt).toLocaleDateString("en-GB", { dateStyle: "long", timeZone: "Europe/London" })}{" "}
            about {claim.guestName}'s stay
          </p>
        </div>
        <Badge variant="outline">{DAMAGE_CLAIM_STATUS_LABELS[claim.status]}</Badge>
      </div>
      <dl className="mt-5 grid gap-4 text-sm">
        <div>
          <dt className="font-semibold">What the host found</dt>
          <dd className="mt-1 whitespace-pre-line">{claim.description}</dd>
        </div>
        {claim.disputeReason ? (
          <div>
            <dt className="font-semibold">The guest's answer</dt>
            <dd className="mt-1 whitespace-pre-line">{claim.disputeReason}</dd>
          </div>
        ) : null}
        {claim.decision ? (
          <div>
            <dt className="font-semibold">Our team's decision: {DECISION_LABELS[claim.decision]}</dt>
            <dd className="mt-1 whitespace-pre-line">{claim.decisionReason}</dd>
          </div>
        ) : null}
        {claim.agreedPence !== null ? (
          <div>
            <dt className="font-semibold">Charged to the guest</dt>
            <dd className="mt-1">
              {formatPence(claim.agreedPence)}
              {claim.demo
                ? " (demo money: no card was charged)"
                : claim.status === "paid"
                  ? ", paid"
                  : ", awaiting payment"}
            </dd>
          </div>
        ) : null}
      </dl>
      {claim.photos.length > 0 ? (
        <ul aria-label="Photos of the damage" className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {claim.photos.map((url, index) => (
            <li key={url}>
              <a
                href={url}
                target="_blank"
                rel="noreferrer"
                className="block overflow-hidden rounded-2xl border border-border"
              >
                <img
                  src={url}
                  alt={`Damage, ${index + 1} of ${claim.photos.length}`}
                  className="aspect-[4/3] w-full object-cover"
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

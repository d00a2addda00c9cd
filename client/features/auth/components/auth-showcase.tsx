import { BadgeCheck, KeyRound, ShieldCheck } from "lucide-react";

const REASONS = [
  { icon: BadgeCheck, text: "Every host reviewed by our team before they can list" },
  { icon: KeyRound, text: "Stays from a long weekend to a full season" },
  { icon: ShieldCheck, text: "Questions answered by the host before you book" },
] as const;

/** The photo panel beside the forms on wide screens; decorative, so phones skip it. */
export function AuthShowcase() {
  return (
    <aside
      aria-label="Why StayLondon"
      className="relative isolate top-24 hidden min-h-[36rem] overflow-hidden rounded-3xl bg-ink-900 p-10 text-ivory shadow-lift lg:sticky lg:flex lg:flex-col lg:justify-end"
    >
      <img
        src="/images/host-interior.webp"
        alt=""
        width={1200}
        height={800}
        decoding="async"
        className="absolute inset-0 -z-10 size-full object-cover opacity-60"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-t from-ink-950/95 via-ink-950/60 to-ink-950/10"
      />
      <p className="text-xs font-semibold tracking-[0.2em] text-brass-300 uppercase">StayLondon</p>
      <p className="mt-4 max-w-md font-display text-4xl leading-tight font-medium tracking-tight">
        Premium serviced homes across London's best neighbourhoods.
      </p>
      <ul className="mt-8 grid gap-3">
        {REASONS.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-3 text-sm text-ivory/90">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-white/10 text-brass-300">
              <Icon aria-hidden="true" className="size-4" />
            </span>
            {text}
          </li>
        ))}
      </ul>
    </aside>
  );
}

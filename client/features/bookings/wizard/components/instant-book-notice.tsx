import { useQuery } from "@tanstack/react-query";
import { CalendarClock, Zap } from "lucide-react";
import type * as React from "react";
import { instantBookQueryOptions } from "../api/instant-book-api";

/**
 * Before the guest books: whether the booking will be confirmed at once (instant book) or sent to the landlord as a
 * request, from the server's answer for this guest. Nothing is shown for a listing without instant book, where every
 * booking goes as it always has.
 */
export function InstantBookNotice({ propertyRef, tenancy }: { propertyRef: string; tenancy: boolean }) {
  const offer = useQuery(instantBookQueryOptions(propertyRef));
  if (!offer.data?.on) return null;
  if (tenancy) {
    return (
      <Notice icon={CalendarClock} title="This tenancy is a request">
        This home has instant book, but a tenancy is always agreed by the landlord: they answer your request.
      </Notice>
    );
  }
  if (offer.data.youQualify) {
    return (
      <Notice icon={Zap} title="Instant book">
        You meet the landlord's requirements, so your stay is confirmed as you book, without waiting for an answer.
      </Notice>
    );
  }
  return (
    <Notice icon={CalendarClock} title="Your booking will be a request">
      <p>This home has instant book, but the landlord asks for:</p>
      <ul className="mt-1 list-disc pl-5">
        {offer.data.unmet.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p className="mt-1">Until then, the landlord answers your request.</p>
    </Notice>
  );
}

function Notice({ icon: Icon, title, children }: { icon: typeof Zap; title: string; children: React.ReactNode }) {
  return (
    <section
      aria-label={title}
      className="mb-6 flex items-start gap-3 rounded-2xl border border-border bg-card p-4 text-sm shadow-soft"
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brass-700" />
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        <div className="mt-1 leading-relaxed text-muted-foreground">{children}</div>
      </div>
    </section>
  );
}

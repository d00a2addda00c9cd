import { STAY_MODE_LABELS } from "@common/domain/stay-modes";
import { formatWeekdayDate } from "@common/utils/dates";
import {
  ArrowRight,
  Building2,
  CalendarClock,
  CircleCheck,
  Clock,
  CreditCard,
  Mail,
  MapPin,
  Star,
  Undo2,
  UserRound,
} from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { Link } from "react-router";
import { MessageGuestLink } from "@/components/messages/message-guest-link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CardSkeleton } from "@/components/ui/card-skeleton";
import { Fact, StatusLine } from "@/components/ui/fact";
import { LoadingBlock } from "@/components/ui/loading-block";
import { Skeleton } from "@/components/ui/skeleton";
import type { BookingNoteIcon, BookingTone, BookingView } from "@/features/bookings/booking-view";
import { formatPounds, pluralize } from "@/lib/format";
import { cn } from "@/lib/utils";

/** Who is looking at the booking: it decides who the card is named after, and which links it offers. */
export type BookingCardVariant = "guest" | "landlord" | "manager" | "admin";

/** The pieces of a card's small print, each an icon and a few words. */
type Detail = "place" | "reference" | "property" | "email" | "guest" | "booking-number";

type VariantLook = {
  /** The heading's id, which each list has always used (the card is labelled by it). */
  headingId: (id: number) => string;
  /** A guest finds a stay by the place; the host side and administrators look for the person. */
  named: "property" | "guest";
  /** Under the heading, then a line of its own above the facts. */
  subline: readonly Detail[];
  details: readonly Detail[];
  /** The listing's page, for audiences that have a link to it (the public page, or the landlord's own view). */
  propertyHref: ((propertyId: number) => string) | null;
  /** Only My Bookings shows the listing's photo: the guest recognises the place by it. */
  photo: boolean;
  /** The stay mode beside the status, where the mode changes what the reader must do (a landlord's tenancy). */
  stayMode: boolean;
  /** The manager's dashboard packs more stays into a tab, so its cards are smaller. */
  compact: boolean;
};

const VARIANTS: Record<BookingCardVariant, VariantLook> = {
  guest: {
    headingId: (id) => `booking-${id}-title`,
    named: "property",
    subline: ["place", "reference"],
    details: [],
    propertyHref: (id) => `/property/${id}`,
    photo: true,
    stayMode: false,
    compact: false,
  },
  landlord: {
    headingId: (id) => `landlord-booking-${id}-title`,
    named: "property",
    subline: ["place"],
    details: ["guest", "reference", "booking-number"],
    propertyHref: (id) => `/properties/${id}`,
    photo: false,
    stayMode: true,
    compact: false,
  },
  manager: {
    headingId: (id) => `managed-booking-${id}`,
    named: "guest",
    subline: ["property", "reference"],
    details: [],
    propertyHref: null,
    photo: false,
    stayMode: false,
    compact: true,
  },
  admin: {
    headingId: (id) => `admin-booking-${id}-guest`,
    named: "guest",
    subline: ["email"],
    details: ["property", "place", "reference"],
    propertyHref: null,
    photo: false,
    stayMode: false,
    compact: false,
  },
};

/** The site's booking colours: pending yellow, confirmed green, completed grey for guests and blue for hosts, cancelled red. */
const TONE_CLASSES: Record<BookingTone, string> = {
  warning: "border-warning/25 bg-warning-soft text-warning",
  success: "border-transparent bg-success-soft text-success",
  neutral: "border-transparent bg-secondary text-secondary-foreground",
  info: "border-sky-200 bg-sky-50 text-sky-800",
  danger: "border-transparent bg-destructive text-destructive-foreground",
};

const NOTE_ICONS: Record<BookingNoteIcon, React.ReactNode> = {
  card: <CreditCard aria-hidden="true" />,
  clock: <Clock aria-hidden="true" />,
  check: <CircleCheck aria-hidden="true" />,
  refund: <Undo2 aria-hidden="true" />,
  star: <Star aria-hidden="true" />,
  calendar: <CalendarClock aria-hidden="true" />,
};

const PLACEHOLDER = "/images/property-placeholder.webp";

/**
 * One booking, for whichever audience `variant` names: the stay's facts, where it stands, and what can be done.
 * The card offers the plain links itself (View Property, Complete Payment, Message guest); the dialogs that change
 * a booking belong to each audience's feature and come in as `actions`. `children` go under the status line (the
 * problems reported from a stay, a tenancy's duties).
 */
export function BookingCard({
  variant,
  view,
  actions,
  children,
}: {
  variant: BookingCardVariant;
  view: BookingView;
  actions?: React.ReactNode;
  children?: React.ReactNode;
}) {
  const look = VARIANTS[variant];
  const headingId = look.headingId(view.id);
  const heading = look.named === "guest" && view.party.role === "guest" ? view.party.name : view.property.title;
  const propertyHref = look.propertyHref?.(view.property.id) ?? null;
  const compact = look.compact;

  return (
    <article
      aria-labelledby={headingId}
      data-booking-reference={view.reference}
      className={cn(
        "border border-border bg-card shadow-soft",
        compact ? "rounded-2xl p-4 sm:p-5" : "rounded-3xl",
        !compact && !look.photo && "p-5 sm:p-6",
        look.photo && "overflow-hidden sm:grid sm:grid-cols-[14rem_minmax(0,1fr)] lg:grid-cols-[17rem_minmax(0,1fr)]",
      )}
    >
      {look.photo ? <Photo src={view.property.photo} /> : null}

      <div className={cn(look.photo && "flex min-w-0 flex-col p-5 sm:p-6")}>
        <div className={cn("flex flex-wrap items-start justify-between gap-x-4", compact ? "gap-y-1.5" : "gap-y-2")}>
          <div className="min-w-0">
            <h3
              id={headingId}
              // Size first: merging drops leading-snug when a text size follows it, and the heading would sit taller.
              className={cn(compact ? "text-lg" : "text-xl", "font-display leading-snug font-medium break-words")}
            >
              {heading}
            </h3>
            <DetailLine view={view} details={look.subline} className={cn("gap-x-3", compact ? "mt-0.5" : "mt-1")} />
          </div>
          <div className="flex flex-wrap gap-2">
            {look.stayMode && view.stay.mode ? (
              <Badge variant="outline">{STAY_MODE_LABELS[view.stay.mode]}</Badge>
            ) : null}
            <Badge className={TONE_CLASSES[view.status.tone]}>{view.status.label}</Badge>
          </div>
        </div>

        <DetailLine view={view} details={look.details} className="mt-3 gap-x-4" />

        <dl
          className={cn(
            "grid grid-cols-2 gap-x-4 text-sm",
            compact ? "mt-3 gap-y-2.5 sm:grid-cols-5" : "mt-5 gap-y-3 sm:grid-cols-3",
            !compact && (look.photo ? "xl:grid-cols-5" : "lg:grid-cols-5"),
          )}
        >
          <Fact term="Check-in">{formatWeekdayDate(view.stay.checkIn)}</Fact>
          {view.stay.periodic ? (
            <>
              {/* A periodic tenancy has no check-out until notice is given: its nights are only held ahead. */}
              <Fact term="Ends">
                {view.stay.periodic.endsOn ? formatWeekdayDate(view.stay.periodic.endsOn) : "When notice is given"}
              </Fact>
              <Fact term="Rent">{formatPounds(view.stay.periodic.monthlyRent)} a month</Fact>
            </>
          ) : (
            <>
              <Fact term="Check-out">{formatWeekdayDate(view.stay.checkOut)}</Fact>
              <Fact term="Nights">{pluralize(view.stay.nights, "night")}</Fact>
            </>
          )}
          <Fact term="Guests">{view.stay.whoComes ?? pluralize(view.stay.guests, "guest")}</Fact>
          <Fact term={view.money.label}>
            {compact ? (
              formatPounds(view.money.amount)
            ) : (
              <span className="font-display text-lg">{formatPounds(view.money.amount)}</span>
            )}
          </Fact>
        </dl>

        {view.note ? <StatusLine icon={NOTE_ICONS[view.note.icon]}>{view.note.text}</StatusLine> : null}
        {children}

        <div
          className={cn(
            "flex flex-wrap items-center gap-3 border-t border-border",
            compact ? "mt-4 pt-3" : "mt-5 pt-4",
          )}
        >
          {propertyHref ? (
            <Button asChild variant="outline" size="sm">
              <Link to={propertyHref}>
                View Property
                <span className="sr-only">: {view.property.title}</span>
              </Link>
            </Button>
          ) : null}
          {view.actions.includes("message-guest") && view.party.role === "guest" ? (
            <MessageGuestLink booking={{ id: view.id, guestName: view.party.name, reference: view.reference }} />
          ) : null}
          {view.actions.includes("pay") ? (
            <Button asChild size="sm">
              <Link to={`/booking/${view.property.id}?booking=${view.id}`}>
                <CreditCard aria-hidden="true" />
                Complete Payment
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          ) : null}
          {actions}
        </div>
      </div>
    </article>
  );
}

/** The listing's photo, or the placeholder when it has none or it fails to load. */
function Photo({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="relative aspect-[16/9] bg-secondary sm:aspect-auto">
      <img
        src={!failed && src ? src : PLACEHOLDER}
        alt=""
        width={544}
        height={408}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        className="absolute inset-0 size-full object-cover"
      />
    </div>
  );
}

/** A line of small print: where, which booking, who. */
function DetailLine({
  view,
  details,
  className,
}: {
  view: BookingView;
  details: readonly Detail[];
  className: string;
}) {
  const shown = details.filter((detail) => detailShown(view, detail));
  if (shown.length === 0) return null;
  return (
    <p className={cn("flex flex-wrap items-center gap-y-1 text-sm text-muted-foreground", className)}>
      {shown.map((detail) => (
        <DetailPart key={detail} view={view} detail={detail} />
      ))}
    </p>
  );
}

function detailShown(view: BookingView, detail: Detail): boolean {
  if (detail === "place") return view.property.place !== null;
  if (detail === "email") return view.party.role === "guest" && view.party.email !== null;
  if (detail === "guest") return view.party.role === "guest";
  return true;
}

const ICON = "size-3.5 shrink-0 text-brass-700";

function DetailPart({ view, detail }: { view: BookingView; detail: Detail }) {
  const party = view.party.role === "guest" ? view.party : null;
  switch (detail) {
    case "place":
      return (
        <span className="flex min-w-0 items-start gap-1.5">
          <MapPin aria-hidden="true" className={cn(ICON, "mt-0.5")} />
          <span>{view.property.place}</span>
        </span>
      );
    case "reference":
      return (
        <span>
          Ref <span className="font-mono font-medium text-foreground">{view.reference}</span>
        </span>
      );
    case "property":
      return (
        <span className="flex min-w-0 items-center gap-1.5">
          <Building2 aria-hidden="true" className={ICON} />
          <span className="font-medium text-foreground">{view.property.title}</span>
        </span>
      );
    case "email":
      return (
        <span className="flex min-w-0 items-center gap-1.5">
          <Mail aria-hidden="true" className={ICON} />
          <span className="break-all">{party?.email}</span>
        </span>
      );
    case "guest":
      return (
        <span className="flex items-center gap-1.5">
          <UserRound aria-hidden="true" className={ICON} />
          {/* The guest's name rather than an id: it says who it is. The dot is only visual. */}
          <span>
            Guest <span className="font-medium text-foreground">{party?.name}</span>
            {party?.accountId != null ? (
              <>
                {" "}
                <span aria-hidden="true">·</span> ID{" "}
                <span className="font-medium text-foreground tabular-nums">{party.accountId}</span>
              </>
            ) : null}
          </span>
        </span>
      );
    case "booking-number":
      return (
        <span>
          Booking <span className="font-medium text-foreground tabular-nums">#{view.id}</span>
        </span>
      );
  }
}

/** A list of bookings still loading: two card-shaped placeholders, and a status line for screen readers. */
export function BookingListLoading({ variant, className }: { variant: BookingCardVariant; className: string }) {
  return (
    <LoadingBlock label="Loading bookings…" className={className}>
      <BookingCardSkeleton variant={variant} />
      <BookingCardSkeleton variant={variant} />
    </LoadingBlock>
  );
}

/** The card's shape while the list loads, so the page does not jump when the bookings arrive. */
export function BookingCardSkeleton({ variant }: { variant: BookingCardVariant }) {
  const look = VARIANTS[variant];
  const card = {
    facts: 5,
    factsClassName: "grid grid-cols-2 gap-4 sm:grid-cols-5",
    factClassName: look.compact ? "h-9" : "h-10",
    actions: "h-9 w-36 rounded-full",
  };
  if (look.photo) {
    return (
      <div className="overflow-hidden rounded-3xl border border-border bg-card sm:grid sm:grid-cols-[14rem_1fr] lg:grid-cols-[17rem_1fr]">
        <Skeleton className="aspect-[16/9] rounded-none sm:aspect-auto sm:h-full" />
        <CardSkeleton {...card} framed={false} className="gap-4 p-6" heading="h-6 w-2/3" line="h-4 w-40" />
      </div>
    );
  }
  return (
    <CardSkeleton
      {...card}
      className={look.compact ? "gap-3 rounded-2xl p-5" : "gap-4 rounded-3xl p-6"}
      heading={look.compact ? "h-5 w-1/2" : "h-6 w-2/3"}
      line="h-4 w-56"
    />
  );
}

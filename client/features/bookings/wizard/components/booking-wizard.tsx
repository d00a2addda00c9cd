import { HOLD_LIMITS } from "@common/domain/booking-status";
import { londonToday } from "@common/domain/calendar-dates";
import { mainHomeRefusal } from "@common/domain/mid-lets";
import { type TMidLetDeclaration, ZMidLetDeclaration } from "@common/entities/booking";
import type { TSessionUser } from "@common/schemas/auth";
import type { TBooking, TCreateBookingRequest, TGuestBooking, TPaymentIntent, TQuote } from "@common/schemas/bookings";
import type { TPropertyDetail } from "@common/schemas/properties";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { toAmount } from "@/lib/format";
import {
  type AccessRefusal,
  accessRefusalOf,
  cancelBooking,
  createBooking,
  createPaymentIntent,
  guestBookingQueryOptions,
  KEYS_CHANGED_BY_BOOKING,
  quoteQueryOptions,
} from "../api/booking-api";
import {
  asksForTenancy,
  asksMoveInOnly,
  attemptFor,
  type BookingAttempt,
  type GuestDraft,
  guestInfoProblem,
  newIdempotencyKey,
  partyQuery,
  type StayDraft,
  stayDetailsProblem,
  stayParty,
  tenancyChoiceOffered,
  tenancyTermsOf,
  toCreateBookingRequest,
  type WizardStep,
  withParty,
} from "../utils/wizard-rules";
import { BookingSummary } from "./booking-summary";
import { ConfirmationStep } from "./confirmation-step";
import { GuestInfoStep } from "./guest-info-step";
import { InstantBookNotice } from "./instant-book-notice";
import { type MidLetDraft, MidLetFields } from "./mid-let-fields";
import { PaymentStep } from "./payment-step";
import { type PriceLines, priceLinesFromBooking, priceLinesFromQuote } from "./price-breakdown";
import { StayDetailsStep } from "./stay-details-step";
import { WizardProgress } from "./wizard-progress";

type AnyBooking = TBooking | TGuestBooking;

export type WizardStart = {
  step: WizardStep;
  stay: StayDraft;
  /** Set when the wizard opens on an existing booking (`?booking=N`). */
  booking?: AnyBooking;
  payment?: TPaymentIntent;
};

export function guestFromUser(user: TSessionUser): GuestDraft {
  return {
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    email: user.email,
    phone: user.phoneVerified ? (user.phoneNumber ?? "") : "",
  };
}

/** The four-step booking wizard for one property. */
export function BookingWizard({
  property,
  user,
  start,
}: {
  property: TPropertyDetail;
  user: TSessionUser;
  start: WizardStart;
}) {
  const queryClient = useQueryClient();
  const ref = String(property.id);
  const resumed = start.booking !== undefined;

  const [step, setStep] = useState<WizardStep>(start.step);
  const [moved, setMoved] = useState(false);
  const [stay, setStay] = useState<StayDraft>(start.stay);
  const [guest, setGuest] = useState<GuestDraft>(() => guestFromUser(user));
  const [quote, setQuote] = useState<TQuote | null>(null);
  const [unavailable, setUnavailable] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  const [booking, setBooking] = useState<AnyBooking | null>(start.booking ?? null);
  const [payment, setPayment] = useState<TPaymentIntent | null>(start.payment ?? null);
  const [refusal, setRefusal] = useState<AccessRefusal | null>(null);
  const [finishing, setFinishing] = useState(false);
  const attempt = useRef<BookingAttempt | null>(null);
  const midLetForm = useForm<MidLetDraft>({
    resolver: zodResolver(ZMidLetDeclaration),
    defaultValues: { purpose: "" as MidLetDraft["purpose"], purposeOther: "", mainHomeAddress: "", isMainHome: false },
  });
  const isMidLet = quote?.mode === "mid_let";
  /** The pending booking this visit made, so that changed details can let its nights go. */
  const held = useRef<TBooking | null>(null);
  /** Whether the checked quote was asked as a tenancy: a change asks again. */
  const quotedAsTenancy = useRef(false);

  function goTo(next: WizardStep) {
    setMoved(true);
    setStep(next);
    window.scrollTo({ top: 0 });
  }

  const tenancyTerms = tenancyTermsOf(property);
  const moveInOnly = asksMoveInOnly(stay, tenancyTerms);
  const stayComplete = stayDetailsProblem(stay, moveInOnly) === null && stay.checkIn >= londonToday();
  const asTenancy = asksForTenancy(stay, tenancyTerms);
  // A periodic tenancy is asked by its move-in day alone: the server decides how far ahead it holds the calendar.
  const quoteQuery = {
    checkIn: stay.checkIn,
    checkOut: moveInOnly ? undefined : stay.checkOut,
    ...partyQuery(stay),
    asTenancy,
  };
  const preview = useQuery({ ...quoteQueryOptions(ref, quoteQuery), enabled: step === 1 && stayComplete });

  function invalidateBookings() {
    for (const queryKey of KEYS_CHANGED_BY_BOOKING) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
  }

  /** Withdraws the request this visit made (its nights would otherwise look taken, or stay held for nothing). */
  async function releaseHold() {
    const hold = held.current;
    held.current = null;
    attempt.current = null;
    setBooking(null);
    setPayment(null);
    if (hold?.status !== "pending") return;
    await cancelBooking(hold.id, "The guest changed the booking details").catch(() => undefined);
    invalidateBookings();
  }

  async function checkStay() {
    const problem = stayDetailsProblem(stay, moveInOnly);
    if (problem) {
      toast({ variant: "destructive", ...problem });
      return;
    }
    const hold = held.current;
    // A tenancy's hold ends where the server put it, not on a date the guest chose.
    const sameStay = hold?.checkIn === stay.checkIn && (moveInOnly || hold.checkOut === stay.checkOut);
    if (hold && quote && sameStay && quotedAsTenancy.current === asTenancy) {
      // Back and forward over the same nights: they are held for this guest, so the quote would call them taken.
      goTo(2);
      return;
    }
    setChecking(true);
    setUnavailable([]);
    try {
      const options = quoteQueryOptions(ref, quoteQuery);
      if (hold) {
        await releaseHold();
        // A preview asked while the hold still stood may be in flight, and fetchQuery would join it (and
        // see the guest's own nights as taken): drop it so the quote is asked afresh.
        await queryClient.cancelQueries({ queryKey: options.queryKey });
      }
      const fresh = await queryClient.fetchQuery(options);
      setQuote(fresh);
      quotedAsTenancy.current = asTenancy;
      if (!fresh.available) {
        setUnavailable(fresh.reasons);
        return;
      }
      goTo(2);
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Couldn't check these dates",
        description: serverMessageOf(error, "Please try again."),
      });
    } finally {
      setChecking(false);
    }
  }

  const setUpPayment = useMutation({
    mutationFn: async ({ request, periodic }: { request: TCreateBookingRequest; periodic: boolean }) => {
      const next = attemptFor(attempt.current, request, newIdempotencyKey);
      // The details changed after a hold was made: withdraw it, or the new request would clash with its nights.
      if (next !== attempt.current && held.current) await releaseHold();
      attempt.current = next;
      const created = await createBooking(request, next.idempotencyKey);
      held.current = created;
      invalidateBookings();
      // Nothing to pay now: a booking instant book confirmed, or a periodic tenancy, which takes nothing before the
      // landlord agrees it (the tenant saves a card for the rent from My Bookings).
      if (created.status === "confirmed" || periodic) return { created, intent: null };
      const intent = await createPaymentIntent(created.id, toAmount(created.totalPrice));
      return { created, intent };
    },
    onSuccess: ({ created, intent }) => {
      setBooking(created);
      setRefusal(null);
      if (intent === null) {
        void finish(created);
        return;
      }
      setPayment(intent);
      goTo(3);
    },
    onError: (error) => {
      setRefusal(accessRefusalOf(error));
      toast({
        variant: "destructive",
        title: "Payment Setup Failed",
        description: serverMessageOf(error, "Please try again."),
      });
    },
  });

  async function submitGuest() {
    if (setUpPayment.isPending) return;
    const problem = guestInfoProblem(guest);
    if (problem) {
      toast({ variant: "destructive", ...problem });
      return;
    }
    const request = toCreateBookingRequest(property.id, stay, guest, { asTenancy, moveInOnly });
    const periodic = quote?.rent?.periodic === true;
    if (!isMidLet) {
      setUpPayment.mutate({ request, periodic });
      return;
    }
    // A mid let carries the guest's declaration, checked as a submitted form: the guest is taken to what is missing,
    // and each message goes as soon as its field is put right.
    const midLet = await new Promise<TMidLetDeclaration | null>((resolve) => {
      void midLetForm.handleSubmit(
        (values) => resolve(ZMidLetDeclaration.parse(values)),
        () => resolve(null),
      )();
    });
    if (!midLet) return;
    // One declared as their main home is not sent as a mid let; the guest is told why, as step 2's other refusals do.
    if (midLet.isMainHome) {
      toast({ variant: "destructive", title: "Not a mid let", description: mainHomeRefusal(property.tenancyOffered) });
      return;
    }
    setUpPayment.mutate({ request: { ...request, midLet }, periodic });
  }

  async function finish(made: AnyBooking | null = booking) {
    if (!made) return;
    setFinishing(true);
    invalidateBookings();
    try {
      setBooking(await queryClient.fetchQuery(guestBookingQueryOptions(made.id)));
    } catch {
      // The booking as created still says everything the confirmation needs.
    } finally {
      setFinishing(false);
    }
    goTo(4);
  }

  // From the payment step on, the booking (the server's figures) is what the guest is shown.
  const shownBooking = step >= 3 ? booking : null;
  const price: PriceLines | null = shownBooking
    ? quote && quote.total === toAmount(shownBooking.totalPrice)
      ? priceLinesFromQuote(quote)
      : priceLinesFromBooking(shownBooking)
    : step === 1
      ? preview.data
        ? priceLinesFromQuote(preview.data)
        : null
      : quote
        ? priceLinesFromQuote(quote)
        : null;
  const priceNote =
    step === 1 && stayComplete
      ? preview.isError
        ? serverMessageOf(preview.error, "We couldn't price these dates.")
        : "Checking the price…"
      : undefined;
  const summaryStay = shownBooking ?? { checkIn: stay.checkIn, checkOut: stay.checkOut, ...stayParty(stay) };
  // A periodic tenancy has no check-out: it is shown by its move-in day, running until notice.
  const periodicStay =
    moveInOnly ||
    (step === 1 ? preview.data : quote)?.rent?.periodic === true ||
    Boolean(booking && "periodicTenancy" in booking && booking.periodicTenancy);
  const returnUrl = booking
    ? `${window.location.origin}/booking/${property.id}?booking=${booking.id}`
    : window.location.href;

  return (
    <div className="container-page pt-6 pb-20 sm:pt-8">
      <nav aria-label="Breadcrumb">
        <Link
          to={`/property/${property.id}`}
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to property
        </Link>
      </nav>
      <header className="mt-5">
        <p className="eyebrow">Book your stay</p>
        <h1 className="mt-2 font-display text-3xl leading-tight font-medium tracking-tight sm:text-4xl">
          {property.title}
        </h1>
      </header>
      <div className="mt-7">
        <WizardProgress step={step} />
      </div>

      <div className={step === 4 ? "mt-8 max-w-3xl" : "mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10"}>
        <div className="min-w-0">
          {step === 1 ? (
            <StayDetailsStep
              propertyId={property.id}
              stay={stay}
              maxGuests={property.maxGuests}
              petsAllowed={property.petsAllowed}
              onChange={(next) => {
                setStay(next);
                setUnavailable([]);
              }}
              onNext={() => void checkStay()}
              checking={checking}
              unavailableReasons={unavailable}
              focusOnMount={moved}
              tenancyChoice={tenancyChoiceOffered(stay, tenancyTerms)}
              periodicTenancies={tenancyTerms.offered && tenancyTerms.periodic}
            />
          ) : null}
          {step === 2 ? <InstantBookNotice propertyRef={ref} tenancy={quote?.mode === "tenancy"} /> : null}
          {step === 2 ? (
            <GuestInfoStep
              guest={guest}
              party={stayParty(stay)}
              maxGuests={property.maxGuests}
              petsAllowed={property.petsAllowed}
              onGuestChange={setGuest}
              onPartyChange={(party) => setStay(withParty(stay, party))}
              onBack={() => goTo(1)}
              onNext={() => void submitGuest()}
              submitting={setUpPayment.isPending}
              refusal={refusal}
              midLet={
                isMidLet ? (
                  <MidLetFields
                    form={midLetForm}
                    refusal={mainHomeRefusal(property.tenancyOffered)}
                    onTenancyInstead={
                      tenancyChoiceOffered(stay, tenancyTerms) || (tenancyTerms.offered && tenancyTerms.periodic)
                        ? () => {
                            midLetForm.setValue("isMainHome", false);
                            setStay({ ...stay, asTenancy: true });
                            goTo(1);
                          }
                        : undefined
                    }
                  />
                ) : null
              }
            />
          ) : null}
          {step === 3 && payment ? (
            <PaymentStep
              payment={payment}
              requestHours={HOLD_LIMITS.requestHours}
              returnUrl={returnUrl}
              onBack={resumed ? undefined : () => goTo(2)}
              onContinue={() => void finish()}
              continuing={finishing}
              focusOnMount={moved}
            />
          ) : null}
          {step === 4 && booking ? (
            <ConfirmationStep
              booking={booking}
              periodic={periodicStay}
              propertyTitle={property.title}
              price={price ?? priceLinesFromBooking(booking)}
              focusOnMount={moved}
            />
          ) : null}
        </div>
        {/* The confirmation repeats everything the summary says. */}
        {step === 4 ? null : (
          <aside aria-label="Booking summary" className="lg:sticky lg:top-24 lg:self-start">
            <BookingSummary
              property={property}
              checkIn={summaryStay.checkIn}
              checkOut={summaryStay.checkOut}
              periodic={periodicStay}
              party={summaryStay}
              price={price}
              priceNote={priceNote}
              terms={step === 1 ? (preview.data ?? null) : quote}
            />
          </aside>
        )}
      </div>
    </div>
  );
}

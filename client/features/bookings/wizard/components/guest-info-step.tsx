import { type TParty, ZParty } from "@common/entities/party";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, ArrowRight, Loader2, ShieldAlert } from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { GuestPicker } from "@/components/ui/guest-picker";
import { Input } from "@/components/ui/input";
import { pluralize } from "@/lib/format";
import type { AccessRefusal } from "../api/booking-api";
import type { GuestDraft } from "../utils/wizard-rules";
import { StepCard, StepField, StepForm } from "./step-card";

/** Step 2: who is staying. Leaving it creates the booking hold and sets up payment. */
export function GuestInfoStep({
  guest,
  party,
  maxGuests,
  petsAllowed = true,
  onGuestChange,
  onPartyChange,
  onBack,
  onNext,
  submitting,
  refusal,
  midLet,
}: {
  guest: GuestDraft;
  party: TParty;
  /** The listing's capacity (adults and children) and whether it takes pets, as its price card applies them. */
  maxGuests: number;
  petsAllowed?: boolean;
  onGuestChange: (guest: GuestDraft) => void;
  onPartyChange: (party: TParty) => void;
  onBack: () => void;
  onNext: () => void;
  submitting: boolean;
  /** The server said a verification is missing. */
  refusal: AccessRefusal | null;
  /** A mid let's declaration fields, asked only when the stay is one. */
  midLet?: React.ReactNode;
}) {
  const id = useId();
  // The party is held by the wizard (the summary and the booking read it); the form follows it and checks it with the
  // shared schema before the booking is made.
  const partyForm = useForm<TParty>({ resolver: zodResolver(ZParty), values: party });
  const field = (name: keyof GuestDraft) => ({
    id: `${id}-${name}`,
    value: guest[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onGuestChange({ ...guest, [name]: e.target.value }),
  });

  return (
    <StepCard
      title="Guest Information"
      intro="Who should the host expect? We share these details with the host once your booking is accepted."
    >
      <StepForm onNext={() => void partyForm.handleSubmit(onNext)()} className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <StepField htmlFor={`${id}-firstName`} label="First name" required>
            <Input {...field("firstName")} autoComplete="given-name" aria-required="true" />
          </StepField>
          <StepField htmlFor={`${id}-lastName`} label="Last name" required>
            <Input {...field("lastName")} autoComplete="family-name" aria-required="true" />
          </StepField>
          <StepField htmlFor={`${id}-email`} label="Email" required>
            <Input {...field("email")} type="email" autoComplete="email" aria-required="true" />
          </StepField>
          <StepField
            htmlFor={`${id}-phone`}
            label={
              <>
                Phone <span className="font-normal text-muted-foreground">(optional)</span>
              </>
            }
          >
            <Input {...field("phone")} type="tel" autoComplete="tel" />
          </StepField>
        </div>
        <div className="grid gap-2 sm:max-w-[calc(50%-0.625rem)]">
          <GuestPicker
            label="Guests"
            value={party}
            maxGuests={maxGuests}
            petsAllowed={petsAllowed}
            onChange={onPartyChange}
          />
          <p className="text-xs text-muted-foreground">
            This home sleeps up to {pluralize(maxGuests, "guest")}; infants are not counted.
          </p>
        </div>

        {midLet}

        {refusal ? (
          <Alert variant="warning" role="alert">
            <ShieldAlert aria-hidden="true" />
            <AlertTitle>
              {refusal.requiresEmailVerification ? "Verify your email address to book" : "Verify your phone to book"}
            </AlertTitle>
            <AlertDescription>
              {refusal.message}{" "}
              <Link to={refusal.verifyAt ?? "/verification-status"} className="font-semibold underline">
                {refusal.requiresEmailVerification ? "Verify email address" : "Verify phone number"}
              </Link>
            </AlertDescription>
          </Alert>
        ) : null}

        <div className="mt-3 flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
          <Button variant="outline" size="lg" onClick={onBack} disabled={submitting}>
            <ArrowLeft aria-hidden="true" />
            Back
          </Button>
          <Button type="submit" size="lg" disabled={submitting}>
            {submitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {submitting ? "Setting up payment…" : "Continue to Payment"}
            {submitting ? null : <ArrowRight aria-hidden="true" />}
          </Button>
        </div>
      </StepForm>
    </StepCard>
  );
}

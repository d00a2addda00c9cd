import { formatPence, MAX_DAMAGE_CLAIM_PHOTOS } from "@common/domain/damage-claims";
import { type TRaiseDamageClaim, ZRaiseDamageClaim } from "@common/schemas/damage-claims";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { bookingClaimsQueryOptions, useRaiseClaim } from "../api/damage-claims-api";
import { ClaimDetails } from "./claim-details";
import { Button, FormFailure, FormField, Input, LoadingSpinner, serverMessageOf, Textarea } from "./form-parts";

/** The host's side: the claim on the stay if there is one, otherwise the form to raise it. */
export function HostClaimPage({ bookingId }: { bookingId: number }) {
  const claims = useQuery(bookingClaimsQueryOptions(bookingId));
  if (claims.isPending) return <LoadingSpinner label="Loading…" />;
  if (claims.isError) {
    return (
      <FormFailure>{serverMessageOf(claims.error, "This stay could not be loaded. Please try again.")}</FormFailure>
    );
  }
  const [claim] = claims.data;
  return claim ? <ClaimDetails claim={claim} /> : <RaiseClaimForm bookingId={bookingId} />;
}

function RaiseClaimForm({ bookingId }: { bookingId: number }) {
  const raise = useRaiseClaim(bookingId);
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TRaiseDamageClaim>({
    resolver: zodResolver(ZRaiseDamageClaim),
    defaultValues: { description: "", amount: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    if (photos.length === 0) {
      setPhotoError("Add at least one photo of the damage");
      return;
    }
    const body = new FormData();
    body.append("description", values.description);
    body.append("amount", values.amount);
    for (const photo of photos) body.append("photos", photo, photo.name);
    try {
      await raise.mutateAsync(body);
    } catch (error) {
      setFailure(serverMessageOf(error, "The claim could not be sent. Please try again."));
    }
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="raise-claim-heading"
      className="grid gap-5 rounded-3xl border border-border bg-card p-5 shadow-soft sm:p-7"
    >
      <div>
        <h2 id="raise-claim-heading" className="font-display text-2xl font-medium">
          What was damaged, and what it costs
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Within 14 days of check-out. The guest is e-mailed and can accept or dispute it; a disputed claim is decided
          by our team. The most you can claim is the listing's damage deposit, or {formatPence(250_000)} where it names
          none.
        </p>
      </div>
      <FormField id="claim-description" label="What was damaged" required error={errors.description?.message}>
        {(control) => <Textarea {...control} rows={5} maxLength={2000} {...form.register("description")} />}
      </FormField>
      <FormField
        id="claim-amount"
        label="Amount (£)"
        required
        hint="In pounds, such as 125.50"
        error={errors.amount?.message}
      >
        {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...form.register("amount")} />}
      </FormField>
      <FormField
        id="claim-photos"
        label="Photos of the damage"
        required
        hint={`One to ${MAX_DAMAGE_CLAIM_PHOTOS} photos: JPEG, PNG, WebP or AVIF, at most 10 MB each`}
        error={photoError}
      >
        {(control) => (
          <Input
            {...control}
            type="file"
            accept="image/*"
            multiple
            onChange={(event) => {
              const chosen = Array.from(event.currentTarget.files ?? []);
              setPhotos(chosen);
              setPhotoError(
                chosen.length > MAX_DAMAGE_CLAIM_PHOTOS
                  ? `Choose at most ${MAX_DAMAGE_CLAIM_PHOTOS} photos`
                  : undefined,
              );
            }}
          />
        )}
      </FormField>
      {failure ? <FormFailure>{failure}</FormFailure> : null}
      <div>
        <Button type="submit" disabled={isSubmitting || photos.length > MAX_DAMAGE_CLAIM_PHOTOS}>
          {isSubmitting ? "Sending…" : "Send claim to the guest"}
        </Button>
      </div>
    </form>
  );
}

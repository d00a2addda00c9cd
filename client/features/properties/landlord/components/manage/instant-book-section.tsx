import { MAX_INSTANT_BOOK_MIN_STAYS } from "@common/entities/property";
import { type TInstantBookSettings, ZInstantBookSettings } from "@common/schemas/instant-book";
import type { TManagedProperty } from "@common/schemas/landlord-properties";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormFailure } from "@/components/ui/form-failure";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/use-toast";
import { useSaveInstantBook } from "../../api/instant-book-api";
import { CheckTile } from "../property-form/form-controls";
import { Panel, SectionFrame } from "./section-frame";

const STAY_CHOICES = Array.from({ length: MAX_INSTANT_BOOK_MIN_STAYS + 1 }, (_, n) => n);

/**
 * Instant book on the manage page: the switch and the requirements a guest must meet to be confirmed without the
 * landlord's answer. Every booking already needs a verified phone, so that is not offered as a choice.
 */
export function InstantBookSection({ property, propertyRef }: { property: TManagedProperty; propertyRef: string }) {
  const save = useSaveInstantBook(propertyRef);
  const { register, handleSubmit, watch, formState } = useForm<TInstantBookSettings>({
    resolver: zodResolver(ZInstantBookSettings),
    defaultValues: {
      instantBook: property.instantBook,
      instantBookMinStays: property.instantBookMinStays,
      instantBookMessageRequired: property.instantBookMessageRequired,
    },
  });
  const on = watch("instantBook");
  const onSubmit = handleSubmit(async (settings) => {
    await save.mutateAsync(settings);
    toast({
      title: settings.instantBook ? "Instant book is on" : "Instant book is off",
      description: settings.instantBook
        ? "Guests who meet your requirements are confirmed as they book."
        : "Every booking is a request for you to accept or decline.",
    });
  });

  return (
    <SectionFrame
      id="instant-book"
      title="Instant book"
      description={
        <p>
          Guests who meet your requirements book without waiting for you: their stay is confirmed at once and you get an
          e-mail. Everyone else sends a request as before. A tenancy is always a request, as agreeing one needs you.
        </p>
      }
    >
      <Panel>
        <form noValidate onSubmit={onSubmit} className="grid gap-6">
          <CheckTile
            id="instant-book-on"
            label="Turn on instant book for this listing"
            input={register("instantBook")}
            disabled={formState.isSubmitting}
          />
          <fieldset className="grid gap-5" disabled={!on || formState.isSubmitting}>
            <legend className="mb-3 text-sm font-semibold">What a guest needs to book instantly</legend>
            <p className="-mt-2 text-sm text-muted-foreground">A verified phone number: every booking needs one.</p>
            <FormField
              id="instant-book-min-stays"
              label="Completed stays on StayLondon"
              hint="Stays the guest has finished on StayLondon, at any home."
              error={formState.errors.instantBookMinStays?.message}
              className="max-w-xs"
            >
              {(control) => (
                <NativeSelect {...control} {...register("instantBookMinStays", { setValueAs: Number })}>
                  {STAY_CHOICES.map((n) => (
                    <option key={n} value={n}>
                      {n === 0 ? "None: any guest" : `At least ${n}`}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <CheckTile
              id="instant-book-message"
              label="A message to me about the home before they book"
              input={register("instantBookMessageRequired")}
              disabled={!on || formState.isSubmitting}
            />
          </fieldset>
          {save.isError ? <FormFailure>{save.error.message}</FormFailure> : null}
          <div>
            <Button type="submit" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? "Saving…" : "Save instant book"}
            </Button>
          </div>
        </form>
      </Panel>
    </SectionFrame>
  );
}

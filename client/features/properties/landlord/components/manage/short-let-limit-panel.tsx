import {
  LONDON_SHORT_LET_LIMIT,
  LONDON_SHORT_LET_SOURCE,
  LONDON_SHORT_LET_WARNING,
} from "@common/domain/short-let-ledger";
import { type TManagedProperty, ZShortLetPermissionRequest } from "@common/schemas/landlord-properties";
import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarClock, Loader2 } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormFailure } from "@/components/ui/form-failure";
import { Input } from "@/components/ui/input";
import { Label, RequiredMark } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { pluralize } from "@/lib/format";
import { useShortLetPermission } from "../../api/manage-property-api";
import { Panel } from "./section-frame";

/** The form records a reference; clearing it is its own button. */
const ZPermissionForm = z.object({ permission: ZShortLetPermissionRequest.shape.permission.unwrap() });
type TPermissionForm = z.infer<typeof ZPermissionForm>;

/**
 * London's 90-night yearly limit for this home: this year's count from every booking (a warning as it nears the
 * limit), and the planning permission that lifts it, recorded or cleared here.
 */
export function ShortLetLimitPanel({ property, propertyRef }: { property: TManagedProperty; propertyRef: string }) {
  const { year, nights, limit, applies, permission } = property.shortLets;
  const left = Math.max(0, limit - nights);
  const near = applies && nights >= LONDON_SHORT_LET_WARNING;
  const headingId = useId();
  return (
    <Panel aria-labelledby={headingId} role="region">
      <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold">
        <CalendarClock aria-hidden="true" className="size-4 text-brass-700" />
        London's {LONDON_SHORT_LET_LIMIT}-night limit
      </h3>
      <p className="mt-2 text-sm text-muted-foreground">
        A whole home in London may be let for stays under 90 nights on at most {LONDON_SHORT_LET_LIMIT} nights a
        calendar year, counting every site it is let on, unless planning permission is held. We count every night of
        such stays booked here and refuse a booking that would pass the limit.
      </p>

      <div className="mt-4 grid gap-2">
        <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
          <span className="font-medium">
            {nights} of {limit} nights in {year}
          </span>
          {applies ? (
            <span className={near ? "font-medium text-destructive" : "text-muted-foreground"}>
              {left === 0 ? "No nights left this year" : `${pluralize(left, "night")} left`}
            </span>
          ) : (
            <span className="text-muted-foreground">Not limited: planning permission recorded</span>
          )}
        </p>
        <Progress
          value={Math.min(100, (nights / limit) * 100)}
          aria-label={`Short-let nights in ${year}`}
          valueText={`${nights} of ${limit} nights`}
          className={near ? "[&>div]:bg-destructive" : undefined}
        />
        {near ? (
          <p role="status" className="text-sm font-medium text-destructive">
            {left === 0
              ? `This home has reached the limit for ${year}: new stays under 90 nights cannot be booked until 1 January.`
              : `Only ${pluralize(left, "night")} left for ${year}. Stays that would pass the limit are refused.`}
          </p>
        ) : null}
      </div>

      <PermissionForm propertyRef={propertyRef} permission={permission} />
      <p className="mt-4 text-xs text-muted-foreground">
        Guidance, not legal advice. Source: {LONDON_SHORT_LET_SOURCE}.
      </p>
    </Panel>
  );
}

function PermissionForm({ propertyRef, permission }: { propertyRef: string; permission: string | null }) {
  const ids = useId();
  const save = useShortLetPermission(propertyRef);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TPermissionForm>({
    resolver: zodResolver(ZPermissionForm),
    defaultValues: { permission: permission ?? "" },
  });
  const { errors, isSubmitting } = form.formState;

  const send = async (value: string | null) => {
    setFailure(null);
    try {
      await save.mutateAsync(value);
      form.reset({ permission: value ?? "" });
      toast({
        title: value ? "Planning permission recorded" : "Planning permission cleared",
        description: value
          ? "Bookings of this home are no longer held to the yearly limit."
          : `Bookings of this home are held to ${LONDON_SHORT_LET_LIMIT} nights a year again.`,
      });
    } catch (error) {
      setFailure(serverMessageOf(error, "The permission was not saved. Please try again."));
    }
  };
  const submit = form.handleSubmit((input) => send(input.permission));

  const describedBy = [`${ids}-hint`, errors.permission ? `${ids}-error` : null].filter(Boolean).join(" ");
  return (
    <form noValidate onSubmit={submit} className="mt-5 grid gap-2 border-t border-border pt-5">
      <Label htmlFor={`${ids}-permission`}>
        Planning permission reference
        <RequiredMark />
      </Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${ids}-permission`}
          autoComplete="off"
          maxLength={200}
          placeholder="For example 2024/0412/P"
          aria-required="true"
          aria-invalid={errors.permission ? true : undefined}
          aria-describedby={describedBy}
          className="sm:max-w-sm"
          {...form.register("permission")}
        />
        <Button type="submit" disabled={isSubmitting || save.isPending} className="shrink-0">
          {isSubmitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          {permission ? "Update permission" : "Record permission"}
        </Button>
        {permission ? (
          <Button
            type="button"
            variant="outline"
            disabled={save.isPending}
            onClick={() => void send(null)}
            className="shrink-0"
          >
            Clear
          </Button>
        ) : null}
      </div>
      <p id={`${ids}-hint`} className="text-xs text-muted-foreground">
        Only if your borough has granted permission to let this home short for more than {LONDON_SHORT_LET_LIMIT} nights
        a year. The reference is kept with the listing and in our records.
      </p>
      {errors.permission ? (
        <p id={`${ids}-error`} className="text-sm font-medium text-destructive">
          {errors.permission.message}
        </p>
      ) : null}
      {failure ? <FormFailure>{failure}</FormFailure> : null}
    </form>
  );
}

import { addDays } from "@common/domain/calendar-dates";
import {
  MAX_CALENDAR_FEEDS,
  type TCalendarConflict,
  type TCalendarFeed,
  ZAddCalendarFeed,
} from "@common/schemas/calendar-sync";
import { formatDateTime } from "@common/utils/dates";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  CalendarSync,
  CircleAlert,
  CircleCheck,
  Copy,
  KeyRound,
  Loader2,
  Plus,
  RefreshCw,
  Trash2,
  TriangleAlert,
} from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormFailure } from "@/components/ui/form-failure";
import { Input } from "@/components/ui/input";
import { Label, RequiredMark } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { isApiError } from "@/lib/api-client";
import { serverMessageOf } from "@/lib/error-message";
import { pluralize } from "@/lib/format";
import { mutateThen } from "@/lib/mutation";
import { confirmOutcome } from "../../../utils/confirm-outcome";
import {
  useAddCalendarFeed,
  useCalendarSync,
  useRemoveCalendarFeed,
  useRenewExportAddress,
  useSyncCalendarFeed,
} from "../../api/calendar-sync-api";
import { rangeLabel } from "../../utils/calendar-grid";
import { EmptyState, Panel, SectionFrame, SectionQuery } from "./section-frame";

/**
 * Calendar sync: the address of this listing's calendar for other sites to import, and the other sites' calendars
 * this listing imports, so a night booked anywhere cannot be booked here. Double bookings found are shown first.
 */
export function CalendarSyncSection({ propertyId }: { propertyId: string }) {
  const sync = useCalendarSync(propertyId);
  return (
    <SectionFrame
      id="manage-sync"
      title="Calendar sync"
      description="Listed on other sites too? Give them this listing's calendar address, and import theirs here: a night booked on any of them can no longer be booked on StayLondon."
    >
      <SectionQuery query={sync} loading="Loading calendar sync…" failed="Failed to load calendar sync">
        {(data) => (
          <div className="grid gap-6">
            {data.conflicts.length > 0 ? <Conflicts conflicts={data.conflicts} /> : null}
            <ExportAddress propertyId={propertyId} exportUrl={data.exportUrl} />
            <ImportedCalendars propertyId={propertyId} feeds={data.feeds} />
          </div>
        )}
      </SectionQuery>
    </SectionFrame>
  );
}

/** Nights as people say them: the first night to the last (the check-out day is the morning after). */
const nightsLabel = (startsOn: string, endsOn: string) => rangeLabel({ from: startsOn, to: addDays(endsOn, -1) });

function Conflicts({ conflicts }: { conflicts: TCalendarConflict[] }) {
  return (
    <Alert variant="destructive">
      <TriangleAlert aria-hidden="true" />
      <AlertTitle>
        {conflicts.length === 1 ? "A double booking to sort out" : `${conflicts.length} double bookings to sort out`}
      </AlertTitle>
      <AlertDescription>
        <p>
          These nights are booked here and on another site. Cancel one of the stays, or find the guest another date.
        </p>
        <ul className="mt-2 grid gap-1.5">
          {conflicts.map((conflict) => (
            <li key={`${conflict.feedId}-${conflict.booking.id}-${conflict.startsOn}`}>
              <span className="font-semibold">{conflict.feedName}</span>:{" "}
              {nightsLabel(conflict.startsOn, conflict.endsOn)} overlaps booking{" "}
              <span className="font-semibold">{conflict.booking.reference}</span> (
              {conflict.booking.status === "pending" ? "requested" : "confirmed"},{" "}
              {nightsLabel(conflict.booking.checkInDate, conflict.booking.checkOutDate)})
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}

function ExportAddress({ propertyId, exportUrl }: { propertyId: string; exportUrl: string }) {
  const ids = useId();
  const renew = useRenewExportAddress(propertyId);
  const [confirming, setConfirming] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(exportUrl);
      toast({ title: "Address copied", description: "Paste it where the other site asks for a calendar to import." });
    } catch {
      // No clipboard (an old browser, or permission refused): the field is selected for copying by hand.
      (document.getElementById(`${ids}-url`) as HTMLInputElement | null)?.select();
      toast({ title: "Copy the selected address", description: "Your browser did not let us copy it for you." });
    }
  }

  function confirmRenew() {
    mutateThen(
      renew,
      undefined,
      confirmOutcome(
        () => setConfirming(false),
        () => ({
          title: "New address made",
          description: "The old address no longer works. Give the new one to the sites that import this calendar.",
        }),
        "Address not changed",
      ),
    );
  }

  return (
    <Panel>
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <KeyRound aria-hidden="true" className="size-4 text-brass-700" />
        This listing's calendar
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        Other sites (Airbnb, Booking.com, Vrbo…) can import it to close the nights booked or blocked here. It says only
        "Booked" or "Not available", never who stays. Keep the address private: anyone who has it can read these dates.
      </p>
      <div className="mt-4 grid gap-2">
        <Label htmlFor={`${ids}-url`}>Calendar address (iCal)</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={`${ids}-url`}
            readOnly
            value={exportUrl}
            spellCheck={false}
            className="font-mono text-xs sm:text-sm"
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="flex shrink-0 gap-2">
            <Button variant="outline" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              Copy address
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(true)}>
              <RefreshCw aria-hidden="true" />
              New address
            </Button>
          </div>
        </div>
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        pending={renew.isPending}
        title="Make a new calendar address?"
        description="The current address stops working at once. Sites that import it stop seeing your bookings until you give them the new one. Do this if the address was shared with someone it should not have been."
        cancelLabel="Keep this address"
        confirmLabel="Make a new address"
        onConfirm={confirmRenew}
      />
    </Panel>
  );
}

function ImportedCalendars({ propertyId, feeds }: { propertyId: string; feeds: TCalendarFeed[] }) {
  const [removing, setRemoving] = useState<TCalendarFeed | null>(null);
  const remove = useRemoveCalendarFeed(propertyId);

  function confirmRemove() {
    if (!removing) return;
    const feed = removing;
    mutateThen(
      remove,
      feed.id,
      confirmOutcome(
        () => setRemoving(null),
        () => ({ title: "Calendar removed", description: `Nights from ${feed.name} are open here again.` }),
        "Calendar not removed",
      ),
    );
  }

  return (
    <Panel>
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <CalendarSync aria-hidden="true" className="size-4 text-brass-700" />
        Imported calendars
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        Paste the export (iCal) address another site gives for this listing. Its booked nights are closed here and shown
        in the calendar as "Booked on another site". Each calendar is read again regularly, and when you press Sync now.
      </p>

      {feeds.length === 0 ? (
        <div className="mt-4">
          <EmptyState icon={<CalendarSync />} title="No calendars imported yet">
            Add the calendar of each other site this listing is on.
          </EmptyState>
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-border" aria-label="Imported calendars">
          {feeds.map((feed) => (
            <FeedRow key={feed.id} propertyId={propertyId} feed={feed} onRemove={() => setRemoving(feed)} />
          ))}
        </ul>
      )}

      {feeds.length < MAX_CALENDAR_FEEDS ? (
        <AddFeedForm propertyId={propertyId} />
      ) : (
        <p className="mt-5 border-t border-border pt-5 text-sm text-muted-foreground">
          This listing imports {MAX_CALENDAR_FEEDS} calendars, the most it can. Remove one to add another.
        </p>
      )}

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        pending={remove.isPending}
        title={<>Stop importing “{removing?.name}”?</>}
        description="The nights it closed open to guests here again. Remove it only if this listing is no longer on that site."
        cancelLabel="Keep calendar"
        confirmLabel="Remove calendar"
        destructive
        onConfirm={confirmRemove}
      />
    </Panel>
  );
}

function FeedRow({ propertyId, feed, onRemove }: { propertyId: string; feed: TCalendarFeed; onRemove: () => void }) {
  const sync = useSyncCalendarFeed(propertyId);
  const ids = useId();

  function syncNow() {
    mutateThen(sync, feed.id, {
      onSuccess: (synced) =>
        toast({
          title: "Calendar synced",
          description: `${feed.name}: ${pluralize(synced.eventCount, "stay")} imported.`,
        }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: isApiError(error, 422) ? `${feed.name} could not be read` : "Calendar not synced",
          description: serverMessageOf(error, "Please try again."),
        }),
    });
  }

  return (
    <li className="grid gap-3 py-4 first:pt-0 last:pb-0 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
      <div className="min-w-0 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span id={`${ids}-name`} className="font-display text-lg font-medium break-words">
            {feed.name}
          </span>
          {feed.status === "ok" ? (
            <Badge variant="success">
              <CircleCheck aria-hidden="true" />
              Synced
            </Badge>
          ) : (
            <Badge variant="warning">
              <CircleAlert aria-hidden="true" />
              Last sync failed
            </Badge>
          )}
        </p>
        <p className="mt-0.5 font-mono text-xs break-all text-muted-foreground">{feed.url}</p>
        <p className="mt-1 text-muted-foreground">
          {feed.lastSyncedAt ? `Last synced ${formatDateTime(feed.lastSyncedAt)}` : "Not synced yet"} ·{" "}
          {pluralize(feed.eventCount, "stay")}
        </p>
        {feed.status === "failed" && feed.lastError ? (
          <p className="mt-1 font-medium text-warning">
            {feed.lastAttemptAt ? `${formatDateTime(feed.lastAttemptAt)}: ` : ""}
            {feed.lastError} Its nights from the last good sync stay closed.
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={syncNow}
          disabled={sync.isPending}
          aria-describedby={`${ids}-name`}
        >
          {sync.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <RefreshCw aria-hidden="true" />}
          {sync.isPending ? "Syncing…" : "Sync now"}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-destructive hover:bg-destructive-soft"
          onClick={onRemove}
          aria-label={`Remove ${feed.name}`}
        >
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      </div>
    </li>
  );
}

/** Import a calendar: the address is fetched at once, and the server's reason shows beside it if it cannot be read. */
function AddFeedForm({ propertyId }: { propertyId: string }) {
  const ids = useId();
  const add = useAddCalendarFeed(propertyId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ZAddCalendarFeed), defaultValues: { url: "", name: "" } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      const feed = await add.mutateAsync(input);
      form.reset();
      toast({
        title: "Calendar imported",
        description: `${feed.name}: ${pluralize(feed.eventCount, "stay")} imported.`,
      });
    } catch (error) {
      // The address is the problem (unreadable, private, already imported): said beside it.
      if (isApiError(error, 400) || isApiError(error, 409) || isApiError(error, 422)) {
        form.setError("url", { message: serverMessageOf(error, "Check the address and try again.") });
      } else {
        setFailure(serverMessageOf(error, "The calendar was not imported. Please try again."));
      }
    }
  });

  const urlDescribedBy = [`${ids}-url-hint`, errors.url ? `${ids}-url-error` : null].filter(Boolean).join(" ");
  return (
    <form
      noValidate
      onSubmit={submit}
      className="mt-5 grid gap-4 border-t border-border pt-5"
      aria-labelledby={`${ids}-title`}
    >
      <h4 id={`${ids}-title`} className="text-sm font-semibold">
        Import a calendar
      </h4>
      <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <div className="grid content-start gap-2">
          <Label htmlFor={`${ids}-name`}>Site name</Label>
          <Input
            id={`${ids}-name`}
            maxLength={60}
            placeholder="Airbnb"
            aria-describedby={errors.name ? `${ids}-name-error` : undefined}
            aria-invalid={errors.name ? true : undefined}
            {...form.register("name")}
          />
          {errors.name ? (
            <p id={`${ids}-name-error`} className="text-sm font-medium text-destructive">
              {errors.name.message}
            </p>
          ) : null}
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={`${ids}-url`}>
            Calendar address
            <RequiredMark />
          </Label>
          <Input
            id={`${ids}-url`}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://www.airbnb.co.uk/calendar/ical/….ics"
            aria-required="true"
            aria-invalid={errors.url ? true : undefined}
            aria-describedby={urlDescribedBy}
            {...form.register("url")}
          />
          <p id={`${ids}-url-hint`} className="text-xs text-muted-foreground">
            The export or iCal link from the other site, starting with https://
          </p>
          {errors.url ? (
            <p id={`${ids}-url-error`} className="text-sm font-medium text-destructive">
              {errors.url.message}
            </p>
          ) : null}
        </div>
      </div>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Plus aria-hidden="true" />}
          {isSubmitting ? "Reading the calendar…" : "Import calendar"}
        </Button>
      </div>
      {failure ? <FormFailure>{failure}</FormFailure> : null}
    </form>
  );
}

import { MessageSquare } from "lucide-react";
import { lazy, Suspense, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { SiteLink } from "@/components/ui/site-link";
import { usePageSearch } from "@/lib/page-search";
import { useHostResponse } from "../api/public-conversations-api";

// The form's code (and its checks) loads when someone opens it, not with the listing.
const ContactHostDialog = lazy(() => import("./contact-host-dialog"));

/** How a median first reply reads: "within an hour", "within a few hours", "within a day". */
function replyTime(minutes: number): string {
  if (minutes <= 60) return "within an hour";
  if (minutes <= 6 * 60) return "within a few hours";
  return minutes <= 24 * 60 ? "within a day" : "in a few days or more";
}

type Viewer = { status: "loading" | "anonymous" } | { status: "authenticated"; userId: number };

/**
 * "Your host" on the listing: who hosts it, how they answer enquiries (only from real enquiries, and only once
 * there are enough of them), and Contact host, which asks a question before booking. `pathname` and `search`: the
 * page as the server drew it, where a visitor who signs in to ask comes back to (with the stay they chose since).
 */
export function HostPanel({
  property,
  viewer,
  pathname,
  search,
}: {
  property: { id: number; title: string; host: { id: number; firstName: string | null } };
  viewer: Viewer;
  pathname: string;
  search: string;
}) {
  const headingId = useId();
  const [searchParams] = usePageSearch(search);
  const query = searchParams.toString();
  const hostName = property.host.firstName?.trim() || "your host";
  const figures = useHostResponse(property.id).data;
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const ownListing = viewer.status === "authenticated" && viewer.userId === property.host.id;

  return (
    <section aria-labelledby={headingId} className="mt-12 border-t border-border pt-10">
      <h2 id={headingId} className="font-display text-2xl font-medium">
        Your host
      </h2>
      <div className="mt-6 flex flex-col gap-6 rounded-2xl border border-border bg-card p-6 shadow-soft sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-start gap-4">
          <span
            aria-hidden="true"
            className="flex size-12 shrink-0 items-center justify-center rounded-full bg-ink-800 font-display text-xl text-white"
          >
            {hostName.charAt(0).toLocaleUpperCase("en-GB")}
          </span>
          <div className="min-w-0">
            <p className="font-medium">Hosted by {property.host.firstName?.trim() || "a StayLondon host"}</p>
            {figures?.responseRate != null ? (
              <dl className="mt-2 grid gap-1 text-sm text-muted-foreground">
                <div className="flex gap-1.5">
                  <dt>Response rate:</dt>
                  <dd className="font-medium text-foreground tabular-nums">{figures.responseRate}%</dd>
                </div>
                {figures.medianResponseMinutes != null ? (
                  <div className="flex gap-1.5">
                    <dt>Usually replies</dt>
                    <dd className="font-medium text-foreground">{replyTime(figures.medianResponseMinutes)}</dd>
                  </div>
                ) : null}
              </dl>
            ) : (
              <p className="mt-1 text-sm text-muted-foreground">
                Ask about the home, the area or your dates before you book.
              </p>
            )}
          </div>
        </div>
        {ownListing ? (
          <p className="text-sm text-muted-foreground sm:max-w-56 sm:text-right">
            This is your listing. Guests' questions arrive in{" "}
            <SiteLink href="/messages" className="font-medium text-foreground underline underline-offset-4">
              Messages
            </SiteLink>
            .
          </p>
        ) : viewer.status === "authenticated" ? (
          <Button
            ref={button}
            variant="outline"
            className="shrink-0"
            onClick={() => {
              setOpened(true);
              setOpen(true);
            }}
          >
            <MessageSquare aria-hidden="true" />
            Contact host
          </Button>
        ) : (
          <Button asChild variant="outline" className="shrink-0">
            <SiteLink href={`/auth?returnTo=${encodeURIComponent(`${pathname}${query ? `?${query}` : ""}`)}`}>
              <MessageSquare aria-hidden="true" />
              Sign in to contact host
            </SiteLink>
          </Button>
        )}
      </div>
      {opened ? (
        <Suspense fallback={null}>
          <ContactHostDialog
            open={open}
            onOpenChange={setOpen}
            returnFocus={() => button.current?.focus()}
            propertyId={property.id}
            propertyTitle={property.title}
            hostName={property.host.firstName?.trim() || "the host"}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

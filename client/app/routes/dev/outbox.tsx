import { useQuery } from "@tanstack/react-query";
import { CircleAlert, Inbox, MailX, RotateCw } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LoadingSpinner } from "@/components/ui/status-panel";
import { outboxQueryOptions } from "@/features/dev-outbox/api/outbox";
import { OutboxMessageCard } from "@/features/dev-outbox/components/outbox-message-card";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { isApiError } from "@/lib/api-client";

function OutboxBody() {
  const outbox = useQuery(outboxQueryOptions);
  if (outbox.isPending) return <LoadingSpinner label="Loading messages…" className="py-16" />;
  if (isApiError(outbox.error, 404)) {
    return (
      <Alert>
        <MailX aria-hidden="true" />
        <AlertTitle>The dev outbox is switched off</AlertTitle>
        <AlertDescription>
          This server sends real mail and text messages, or was started with <code>DEV_OUTBOX=false</code>. The outbox
          is on by default with the embedded database.
        </AlertDescription>
      </Alert>
    );
  }
  if (outbox.isError) {
    return (
      <Alert variant="destructive">
        <CircleAlert aria-hidden="true" />
        <AlertTitle>Could not load the outbox</AlertTitle>
        <AlertDescription>
          {isApiError(outbox.error) ? (outbox.error.serverMessage ?? outbox.error.message) : outbox.error.message}
        </AlertDescription>
      </Alert>
    );
  }
  if (outbox.data.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-border px-6 py-14 text-center">
        <Inbox aria-hidden="true" className="size-9 text-muted-foreground" />
        <p className="mt-3 font-medium">No messages yet</p>
        <p className="mt-1 text-sm text-muted-foreground">
          Register, or ask for a verification email or code, then refresh.
        </p>
      </div>
    );
  }
  return (
    <ul className="grid gap-4" aria-label="Messages, newest first">
      {outbox.data.map((message) => (
        <OutboxMessageCard key={message.id} message={message} />
      ))}
    </ul>
  );
}

/** /dev/outbox: the e-mails and texts the app would have sent, for trying sign-up and verification locally. */
export function Component() {
  useDocumentTitle("Dev Outbox");
  const outbox = useQuery(outboxQueryOptions);
  return (
    <div className="container-page grid max-w-4xl gap-8 py-10 sm:py-14">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="eyebrow">Developer tools</p>
          <h1 className="mt-3 font-display text-4xl font-medium tracking-tight">Dev Outbox</h1>
          <p className="mt-3 max-w-xl leading-relaxed text-muted-foreground">
            E-mails and text messages the app would have sent, newest first. Nothing here left this machine.
          </p>
        </div>
        <Button variant="outline" onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
          <RotateCw aria-hidden="true" className={outbox.isFetching ? "animate-spin" : undefined} />
          Refresh
        </Button>
      </header>
      <OutboxBody />
    </div>
  );
}

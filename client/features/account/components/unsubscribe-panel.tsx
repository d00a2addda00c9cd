import { BellOff, CircleCheck, MailX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { LinkButton } from "@/components/ui/link-button";
import { StatusPanel } from "@/components/ui/status-panel";
import { serverMessageOf } from "@/lib/error-message";
import { useUnsubscribe } from "../api/account-api";

const WHAT = { reminders: "stay reminders", marketing: "news and offers" } as const;

/**
 * The page an e-mail's unsubscribe link opens. It waits for a press of the button, so a mail scanner that opens
 * links does not unsubscribe anyone; mail programs' own one-click unsubscribe posts to the server directly.
 */
export function UnsubscribePanel({ token }: { token: string | null }) {
  const unsubscribe = useUnsubscribe();
  const choice = token?.split(".")[1];
  const what = choice === "reminders" || choice === "marketing" ? WHAT[choice] : null;

  if (!token || !what) {
    return (
      <StatusPanel tone="danger" icon={<MailX />} title="This link is not complete">
        Open the link from the email again, or choose your emails in your profile.
      </StatusPanel>
    );
  }
  if (unsubscribe.isSuccess) {
    return (
      <StatusPanel
        tone="success"
        icon={<CircleCheck />}
        title="You are unsubscribed"
        actions={
          <LinkButton to="/profile" size="lg" variant="outline">
            Choose your emails
          </LinkButton>
        }
      >
        <p role="status">{unsubscribe.data.message}</p>
      </StatusPanel>
    );
  }
  return (
    <StatusPanel
      tone="neutral"
      icon={<BellOff />}
      title={`Stop ${what}?`}
      actions={
        <Button size="lg" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
          {unsubscribe.isPending ? "Working…" : "Unsubscribe"}
        </Button>
      }
    >
      <p>
        We will stop sending you {what}. Emails about your bookings, payments and account keep coming, as they are part
        of the service.
      </p>
      {unsubscribe.isError ? (
        <p role="alert" className="mt-4 font-medium text-destructive">
          {serverMessageOf(unsubscribe.error, "That did not work. Please try again.")}
        </p>
      ) : null}
    </StatusPanel>
  );
}

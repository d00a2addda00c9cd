import { CircleCheck, MailWarning, MailX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { LinkButton } from "@/components/ui/link-button";
import { StatusPanel } from "@/components/ui/status-panel";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { serverMessageOf } from "@/lib/error-message";
import { useEmailChangeLink } from "../api/account-api";

const TEXTS = {
  confirm: {
    title: "Confirm your new email address",
    explain: "Your StayLondon account moves to this address when you confirm. You can then sign in with it.",
    action: "Confirm new address",
    done: "Email address changed",
    next: { to: "/profile", label: "Go to your profile" },
  },
  undo: {
    title: "Undo the change of your email address",
    explain:
      "Your account goes back to this address, and every device signed in to it is signed out. Then choose a new password, in case someone else knows it.",
    action: "Undo the change",
    done: "Change undone",
    next: { to: "/forgot-password", label: "Choose a new password" },
  },
} as const;

/**
 * The page an e-mail change link opens. The change waits for a press of the button, not the page load, so a mail
 * scanner that opens links cannot use one.
 */
export function EmailLinkPanel({
  kind,
  token,
  onDone,
}: {
  kind: "confirm" | "undo";
  token: string | null;
  onDone: () => Promise<unknown>;
}) {
  const texts = TEXTS[kind];
  useDocumentTitle(texts.title);
  const use = useEmailChangeLink(kind, onDone);
  const next = (
    <LinkButton to={texts.next.to} size="lg">
      {texts.next.label}
    </LinkButton>
  );

  if (!token) {
    return (
      <StatusPanel tone="danger" icon={<MailX />} title="This link is not complete">
        Open the link from the email again, or copy all of it into the address bar.
      </StatusPanel>
    );
  }
  if (use.isSuccess) {
    return (
      <StatusPanel tone="success" icon={<CircleCheck />} title={texts.done} actions={next}>
        <p role="status">{use.data.message}</p>
      </StatusPanel>
    );
  }
  return (
    <StatusPanel
      tone={kind === "undo" ? "warning" : "neutral"}
      icon={<MailWarning />}
      title={texts.title}
      actions={
        <Button size="lg" disabled={use.isPending} onClick={() => use.mutate(token)}>
          {use.isPending ? "Working…" : texts.action}
        </Button>
      }
    >
      <p>{texts.explain}</p>
      {use.isError ? (
        <p role="alert" className="mt-4 font-medium text-destructive">
          {serverMessageOf(use.error, "That did not work. Please try again.")}
        </p>
      ) : null}
    </StatusPanel>
  );
}

import { EmailLinkRoute } from "./email-link-route";

/** /undo-email-change?token=: the link sent to the old address takes the account back within 7 days. */
export function Component() {
  return <EmailLinkRoute kind="undo" />;
}

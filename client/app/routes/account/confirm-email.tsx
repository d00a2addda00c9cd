import { EmailLinkRoute } from "./email-link-route";

/** /confirm-email?token=: the link sent to a new address moves the account to it. */
export function Component() {
  return <EmailLinkRoute kind="confirm" />;
}

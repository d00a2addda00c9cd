/** What a message to support is about: it decides nothing but helps the team sort the queue. */
export const SUPPORT_TOPICS = ["booking", "payment", "account", "listing", "partnership", "other"] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

export const SUPPORT_TOPIC_LABELS: Record<SupportTopic, string> = {
  booking: "A booking or a stay",
  payment: "A payment or a refund",
  account: "My account or signing in",
  listing: "Listing a property",
  partnership: "Working with StayLondon",
  other: "Something else",
};

/**
 * open: waiting for the team; answered: the team replied and waits for the person; closed: settled. A reply from the
 * person opens it again, so nothing they write is left unread.
 */
export const SUPPORT_STATUSES = ["open", "answered", "closed"] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const SUPPORT_STATUS_LABELS: Record<SupportStatus, string> = {
  open: "Waiting for our team",
  answered: "Answered",
  closed: "Closed",
};

export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 4000;

/** "SUP-000042": how a request is named in e-mails and to the team. */
export function supportReference(id: number): string {
  return `SUP-${String(id).padStart(6, "0")}`;
}

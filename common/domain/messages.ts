/**
 * Conversations: guest–host (an enquiry or a stay) and owner–manager (one per assignment). Their kinds, limits and
 * the rules the listing page shows, shared by the server, the forms and the database's check constraints.
 */
export const MESSAGE_BODY_MAX = 4000;

/** An owner and their manager write shorter notes than a guest's questions. */
export const MANAGER_MESSAGE_BODY_MAX = 2000;

export const CONVERSATION_KINDS = ["guest_host", "owner_manager"] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

/** The side a message was written from: the guest, the listing's owner, or its manager. */
export const MESSAGE_AUTHOR_SIDES = ["guest", "host", "manager"] as const;
export type MessageAuthorSide = (typeof MESSAGE_AUTHOR_SIDES)[number];

/**
 * The host's responsiveness on a listing: over enquiries started in the last `windowDays`, once each is a day old
 * (so an unanswered one still has its chance), shown only from `minThreads` enquiries so a figure never rests on
 * one or two conversations.
 */
export const RESPONSE_STATS = { windowDays: 90, answerWithinHours: 24, minThreads: 3 } as const;

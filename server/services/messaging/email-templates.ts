import { PERIODIC_TENANCY_TERMS } from "../../../common/domain/periodic-terms";
import type { TenancyReminder } from "../../../common/domain/stay-mode-rules";
import { GUIDANCE_NOTE } from "../../../common/domain/stay-modes";
import { formatFullDate } from "../../../common/utils/dates";
import type { Email, Sms } from "./messenger";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

type Letter = {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote: string;
  /**
   * For an e-mail the person chose to receive: why they get it and a link that stops it, also offered to their mail
   * program as a one-click unsubscribe (List-Unsubscribe with List-Unsubscribe-Post).
   */
  unsubscribe?: UnsubscribeLinks & { reason: string };
};

/** The page a person opens to stop an e-mail, and the address their mail program posts to for one click. */
export type UnsubscribeLinks = { url: string; oneClickUrl: string };

/**
 * One branded layout for every e-mail, with a plain-text twin. Inline styles and a table layout
 * because mail clients ignore stylesheets; colours match the site's ink and brass.
 */
function letter({ to, subject, greeting, paragraphs, action, footnote, unsubscribe }: Letter): Email {
  const text = [
    greeting,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    footnote,
    "",
    ...(unsubscribe ? [`${unsubscribe.reason} To stop them: ${unsubscribe.url}`, ""] : []),
    "StayLondon · Premium serviced accommodation across London",
  ].join("\n");

  const button = action
    ? `<tr><td style="padding:8px 0 24px"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1c2433;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:999px">${escapeHtml(action.label)}</a></td></tr>
<tr><td style="padding:0 0 24px;font-size:13px;color:#5b6472">If the button does not work, paste this address into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#8a6a2f;word-break:break-all">${escapeHtml(action.url)}</a></td></tr>`
    : "";
  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f6f3ee;font-family:Georgia,'Times New Roman',serif;color:#1c2433">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f3ee;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;padding:32px;font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:16px;line-height:1.55">
<tr><td style="padding:0 0 24px;font-family:Georgia,serif;font-size:22px;font-weight:600;letter-spacing:-0.01em">StayLondon</td></tr>
<tr><td style="padding:0 0 16px">${escapeHtml(greeting)}</td></tr>
${paragraphs.map((p) => `<tr><td style="padding:0 0 16px">${escapeHtml(p)}</td></tr>`).join("\n")}
${button}
<tr><td style="padding:16px 0 0;border-top:1px solid #ece7de;font-size:13px;color:#5b6472">${escapeHtml(footnote)}</td></tr>
${unsubscribe ? `<tr><td style="padding:12px 0 0;font-size:13px;color:#5b6472">${escapeHtml(unsubscribe.reason)} <a href="${escapeHtml(unsubscribe.url)}" style="color:#8a6a2f">Unsubscribe</a></td></tr>` : ""}
</table>
<p style="font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:12px;color:#5b6472">StayLondon · Premium serviced accommodation across London</p>
</td></tr></table></body></html>`;
  const headers = unsubscribe
    ? { "List-Unsubscribe": `<${unsubscribe.oneClickUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
    : undefined;
  return { to, subject, text, html, ...(headers && { headers }) };
}

const hello = (firstName: string | null) => (firstName ? `Hello ${firstName},` : "Hello,");

export function emailVerificationLetter(user: { email: string; firstName: string | null }, url: string): Email {
  return letter({
    to: user.email,
    subject: "Verify your email address for StayLondon",
    greeting: hello(user.firstName),
    paragraphs: ["Please confirm that this is your email address so that you can save properties and book stays."],
    action: { label: "Verify email address", url },
    footnote:
      "This link works once and expires in 24 hours. If you did not create a StayLondon account, ignore this email.",
  });
}

export function passwordResetLetter(user: { email: string; firstName: string | null }, url: string): Email {
  return letter({
    to: user.email,
    subject: "Reset your StayLondon password",
    greeting: hello(user.firstName),
    paragraphs: ["Someone asked to reset the password of your StayLondon account. Choose a new one here."],
    action: { label: "Choose a new password", url },
    footnote:
      "This link works once and expires in 60 minutes. If you did not ask for it, ignore this email: your password stays as it is.",
  });
}

/** For an account that has no password to reset: it signs in with Google or Apple. */
export function passwordResetProviderLetter(
  user: { email: string; firstName: string | null; provider: string },
  signInUrl: string,
): Email {
  const provider = user.provider === "apple" ? "Apple" : "Google";
  return letter({
    to: user.email,
    subject: "Signing in to StayLondon",
    greeting: hello(user.firstName),
    paragraphs: [
      `Someone asked to reset the password of your StayLondon account, but it has no password: you sign in with ${provider}.`,
      `Use the "Continue with ${provider}" button on the sign-in page. Once signed in, you can add a password from your profile if you would like one.`,
    ],
    action: { label: "Go to sign in", url: signInUrl },
    footnote: "If you did not ask for this, ignore this email: nothing has changed.",
  });
}

/** Sent whenever the password changes, so an owner who did not change it learns at once. */
export function passwordChangedLetter(user: { email: string; firstName: string | null }, resetUrl: string): Email {
  return letter({
    to: user.email,
    subject: "Your StayLondon password was changed",
    greeting: hello(user.firstName),
    paragraphs: [
      "The password of your StayLondon account has just been changed, and the other devices signed in to it have been signed out.",
      "If this was you, there is nothing more to do. If it was not, choose a new password now and contact our support team.",
    ],
    action: { label: "Choose a new password", url: resetUrl },
    footnote: "We send this email to keep your account safe; it cannot be switched off.",
  });
}

/** To the new address: opening the link is what moves the account to it. */
export function emailChangeConfirmLetter(user: { firstName: string | null }, newEmail: string, url: string): Email {
  return letter({
    to: newEmail,
    subject: "Confirm your new StayLondon email address",
    greeting: hello(user.firstName),
    paragraphs: [`Someone asked to move a StayLondon account to this address, ${newEmail}. Confirm it here.`],
    action: { label: "Confirm my new address", url },
    footnote:
      "This link works once and expires in 24 hours. If you did not ask for it, ignore this email: nothing changes.",
  });
}

/** To the old address, once the new one is confirmed: a way back for 7 days if the change was not theirs. */
export function emailChangedLetter(
  user: { firstName: string | null },
  oldEmail: string,
  newEmail: string,
  undoUrl: string,
): Email {
  return letter({
    to: oldEmail,
    subject: "Your StayLondon email address was changed",
    greeting: hello(user.firstName),
    paragraphs: [
      `Your StayLondon account now uses ${newEmail} instead of this address.`,
      "If this was you, there is nothing more to do. If it was not, undo the change within 7 days: your account goes back to this address and every device is signed out.",
    ],
    action: { label: "Undo this change", url: undoUrl },
    footnote: "We send this email to keep your account safe; it cannot be switched off.",
  });
}

/** The contact form's acknowledgement, so the person knows the request arrived and how it will be answered. */
export function supportReceivedLetter(
  requester: { name: string; email: string },
  reference: string,
  threadUrl: string | null,
): Email {
  return letter({
    to: requester.email,
    subject: `We have your message (${reference})`,
    greeting: `Hello ${requester.name},`,
    paragraphs: [
      `Thank you for writing to StayLondon. Your request ${reference} is with our support team, and we will answer you by email.`,
      threadUrl
        ? "You can follow it, and add to it, from your account."
        : "To add to it, write to us again through the contact page and mention the reference above.",
    ],
    ...(threadUrl ? { action: { label: "See your request", url: threadUrl } } : {}),
    footnote: "If you did not write to us, you can ignore this email.",
  });
}

/** The team's copy of a message on a request, sent to SUPPORT_EMAIL. */
export function supportTeamNoticeLetter(
  to: string,
  reference: string,
  requester: { name: string; email: string },
  body: string,
  queueUrl: string,
): Email {
  return letter({
    to,
    subject: `Support request ${reference} from ${requester.name}`,
    greeting: "Hello,",
    paragraphs: [`${requester.name} <${requester.email}> wrote on ${reference}:`, body],
    action: { label: "Answer in the admin area", url: queueUrl },
    footnote: "Answer from the admin area, so the reply is kept with the request.",
  });
}

/** The team's answer, in full, so the person needs nothing else to read it. */
export function supportAnsweredLetter(
  requester: { name: string; email: string },
  reference: string,
  body: string,
  threadUrl: string | null,
): Email {
  return letter({
    to: requester.email,
    subject: `Our answer to your request ${reference}`,
    greeting: `Hello ${requester.name},`,
    paragraphs: [body],
    ...(threadUrl ? { action: { label: "Reply to us", url: threadUrl } } : {}),
    footnote: threadUrl
      ? "Replies to this email are not read: use the button above to answer."
      : `Replies to this email are not read: to answer, write to us through the contact page and mention ${reference}.`,
  });
}

export function landlordApprovedLetter(
  user: { email: string; firstName: string | null },
  signInUrl: string,
  needsPhone: boolean,
): Email {
  return letter({
    to: user.email,
    subject: "Your StayLondon landlord account is approved",
    greeting: hello(user.firstName),
    paragraphs: [
      "Good news: our team has approved your landlord account.",
      needsPhone
        ? "Sign in and verify your mobile number to start listing properties."
        : "Sign in to start listing your properties.",
    ],
    action: { label: "Sign in to StayLondon", url: signInUrl },
    footnote: "Questions? Write to us from the contact page on our website, and quote your booking reference.",
  });
}

export const phoneCodeText = (to: string, code: string): Sms => ({
  to,
  body: `Your StayLondon verification code is ${code}. It expires in 10 minutes. Never share it with anyone.`,
  template: "phone verification code",
});

export type StayFacts = {
  reference: string;
  propertyTitle: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  guests: number;
  total: string;
  /**
   * A periodic tenancy: its check-out is only a calendar hold, so the letter gives its terms, the rent by the month
   * and the last day once notice fixes it, never the hold's date or nights. `demo`: its rent is demo money.
   */
  periodic?: { monthlyRent: string; lastDay: string | null; demo: boolean };
};

const guestsText = (s: StayFacts) => `${s.guests} ${s.guests === 1 ? "guest" : "guests"}`;

const staySummary = (s: StayFacts) => {
  if (s.periodic) {
    const span = s.periodic.lastDay
      ? `from ${s.checkIn} to ${s.periodic.lastDay}, as notice fixed it (${PERIODIC_TENANCY_TERMS.rent})`
      : `from ${s.checkIn} until notice is given (${PERIODIC_TENANCY_TERMS.rent}; ${PERIODIC_TENANCY_TERMS.notice})`;
    return `${s.propertyTitle}: a periodic tenancy ${span}, ${guestsText(s)}, £${s.periodic.monthlyRent} a month. Reference ${s.reference}.`;
  }
  return (
    `${s.propertyTitle}: ${s.checkIn} to ${s.checkOut} (${s.nights} ${s.nights === 1 ? "night" : "nights"}, ` +
    `${guestsText(s)}), £${s.total}. Reference ${s.reference}.`
  );
};

export function bookingRequestedLetter(
  landlord: { email: string; firstName: string | null },
  stay: StayFacts,
  answerBy: string,
  url: string,
  note?: string,
): Email {
  return letter({
    to: landlord.email,
    subject: `New booking request ${stay.reference}`,
    greeting: hello(landlord.firstName),
    paragraphs: [
      `A guest has asked to stay at ${staySummary(stay)}`,
      ...(note ? [note] : []),
      `Please accept or decline by ${answerBy}.`,
    ],
    action: { label: "Review the request", url },
    footnote: "If you do not answer in time, the request lapses and the nights are released.",
  });
}

/** The landlord's word that a guest booked their listing by instant book: the stay is confirmed, nothing to answer. */
export function instantBookingLetter(
  landlord: { email: string; firstName: string | null },
  stay: StayFacts,
  url: string,
): Email {
  return letter({
    to: landlord.email,
    subject: `New confirmed booking ${stay.reference}`,
    greeting: hello(landlord.firstName),
    paragraphs: [
      `A guest booked ${staySummary(stay)}`,
      "Instant book is on for this listing and the guest met your requirements, so the stay is confirmed: there is nothing to accept.",
    ],
    action: { label: "See the booking", url },
    footnote: "You can change instant book and its requirements on the listing's manage page.",
  });
}

export function bookingConfirmedLetter(
  guest: { email: string; firstName: string | null },
  stay: StayFacts,
  url: string,
): Email {
  const periodic = stay.periodic;
  return letter({
    to: guest.email,
    subject: `Your stay is confirmed: ${stay.reference}`,
    greeting: hello(guest.firstName),
    paragraphs: periodic
      ? [`Your tenancy is agreed. ${staySummary(stay)}`, periodicRentText(stay.total, periodic.demo)]
      : [`Your booking is confirmed. ${staySummary(stay)}`],
    action: { label: "View your booking", url },
    // An agreed periodic tenancy has no cancellation policy: the tenant ends it by notice.
    footnote: periodic
      ? `${PERIODIC_TENANCY_TERMS.line} To end your tenancy, give notice from My Bookings; an agreed tenancy is not cancelled for a refund.`
      : "You can cancel from My Bookings; the property's cancellation policy sets the refund.",
  });
}

/** What an agreed periodic tenancy took (its first month, never more) and how the rest of its rent is paid. */
const periodicRentText = (firstMonth: string, demo: boolean) =>
  demo
    ? `Your first month's rent, £${firstMonth}, was taken when your landlord agreed the tenancy (demo money: no card was charged). Each later month's rent falls due as its rent period begins and is recorded as demo money too.`
    : `Your first month's rent, £${firstMonth}, was taken from the card you saved when your landlord agreed the tenancy. Each later month's rent is taken from that card as its rent period begins.`;

export function bookingCancelledLetter(
  person: { email: string; firstName: string | null },
  stay: StayFacts,
  why: string,
  refund: string,
  url: string,
): Email {
  return letter({
    to: person.email,
    subject: `Booking ${stay.reference} is cancelled`,
    greeting: hello(person.firstName),
    paragraphs: [
      `${why} ${staySummary(stay)}`,
      Number(refund) > 0
        ? `A refund of £${refund} is on its way.`
        : stay.periodic
          ? // Only a request is ever cancelled: an agreed tenancy ends by notice.
            "No rent was taken: a tenancy's first month is taken only when the landlord agrees it."
          : "No payment was taken for this booking.",
    ],
    action: { label: "See your bookings", url },
    footnote: "Questions? Write to us from the contact page on our website, and quote your booking reference.",
  });
}

/** A few days before a stay, for a guest who asked for reminders. */
export function arrivalReminderLetter(
  guest: { email: string; firstName: string | null },
  stay: StayFacts,
  links: { booking: string; unsubscribe: UnsubscribeLinks },
): Email {
  return letter({
    to: guest.email,
    subject: `Your stay begins on ${stay.checkIn}`,
    greeting: hello(guest.firstName),
    paragraphs: [
      `A reminder that your stay is coming up. ${staySummary(stay)}`,
      "Your booking page has the address, check-in details and a way to message your host.",
    ],
    action: { label: "View your booking", url: links.booking },
    footnote: "Questions? Write to us from the contact page on our website, and quote your booking reference.",
    unsubscribe: {
      reason: "You get this because you asked for stay reminders in your profile.",
      ...links.unsubscribe,
    },
  });
}

/**
 * The last letter to someone who closed their account: no name (it has just been erased) and nothing to click,
 * only what was kept and why.
 */
export function accountClosedLetter(to: string): Email {
  return letter({
    to,
    subject: "Your StayLondon account is closed",
    greeting: "Hello,",
    paragraphs: [
      "Your StayLondon account has been closed, as you asked. We have erased your name, contact details, sign-in " +
        "details, saved homes and the messages you wrote, and signed you out everywhere.",
      "The law requires us to keep the records of past bookings and payments (for tax, six years); they are kept " +
        "without your name. Reviews you published stay on their homes without your name.",
      "You can create a new account with this address at any time.",
    ],
    footnote: "If you did not close your account, write to us from the contact page on our website straight away.",
  });
}

/** A tenancy is agreed: what the law asks of the landlord now, each duty with its last day and its source. */
export function tenancyDutiesLetter(
  landlord: { email: string; firstName: string | null },
  stay: StayFacts,
  reminders: readonly TenancyReminder[],
  url: string,
): Email {
  return letter({
    to: landlord.email,
    subject: `Tenancy ${stay.reference}: your deposit and Right to Rent duties`,
    greeting: hello(landlord.firstName),
    paragraphs: [
      `The tenancy is confirmed: ${staySummary(stay)}`,
      ...reminders.map(
        (r) => `${r.title}${r.dueOn ? ` by ${formatFullDate(r.dueOn)}` : ""}. ${r.text} Source: ${r.source}.`,
      ),
    ],
    action: { label: "See the booking", url },
    footnote: GUIDANCE_NOTE,
  });
}

/** A new message in the thread between a property's manager and its owner. */
/**
 * A new message in a conversation (owner and manager, or guest and host). `context` is what it is about, after
 * "about": a listing's title, or "your stay at …".
 */
export function conversationLetter(
  recipient: { email: string; firstName: string | null },
  message: { authorName: string; propertyTitle: string; body: string; context?: string },
  url: string,
): Email {
  // A long message is cut: the thread is where it is read in full and answered.
  const excerpt = message.body.length > 500 ? `${message.body.slice(0, 500)}…` : message.body;
  const about = message.context ?? message.propertyTitle;
  return letter({
    to: recipient.email,
    subject: `New message about ${message.propertyTitle}`,
    greeting: hello(recipient.firstName),
    paragraphs: [`${message.authorName} wrote to you about ${about}:`, excerpt],
    action: { label: "Read and reply", url },
    footnote: "Further messages in this conversation are not e-mailed until you have read this one.",
  });
}

/** What a maintenance e-mail says about the job; `place` is only the property's name and area, never the address. */
export type JobFacts = {
  reference: string;
  title: string;
  place: string;
  /** "5 March 2027", or null before a date is set. */
  date: string | null;
  duration: string | null;
  /** Nights the property is kept empty from the date; null when guests may stay. */
  vacantNights: number | null;
};

const jobSummary = (job: JobFacts) =>
  `${job.reference}, "${job.title}" at ${job.place}` +
  (job.date ? ` on ${job.date}${job.duration ? ` (about ${job.duration})` : ""}` : "") +
  (job.vacantNights
    ? `; the property is kept empty for ${job.vacantNights} ${job.vacantNights === 1 ? "night" : "nights"}`
    : "") +
  ".";

export function maintenanceOfferedLetter(
  contractor: { email: string; firstName: string | null },
  job: JobFacts,
  payment: string | null,
  url: string,
): Email {
  return letter({
    to: contractor.email,
    subject: `New job offer ${job.reference}: ${job.title}`,
    greeting: hello(contractor.firstName),
    paragraphs: [
      `You have been offered a maintenance job: ${jobSummary(job)}`,
      payment ? `The agreed payment is £${payment}.` : "The payment will be agreed with you.",
      "The first contractor to accept takes the job; the address and contact details appear once you have accepted.",
    ],
    action: { label: "Accept or decline the job", url },
    footnote: "If you cannot take it, decline it with a reason so the job can be offered to someone else.",
  });
}

export function maintenanceOfferAnsweredLetter(
  coordinator: { email: string; firstName: string | null },
  job: JobFacts,
  answer: { contractorName: string; accepted: true } | { contractorName: string; accepted: false; reason: string },
  url: string,
): Email {
  return letter({
    to: coordinator.email,
    subject: `${answer.contractorName} ${answer.accepted ? "accepted" : "declined"} job ${job.reference}`,
    greeting: hello(coordinator.firstName),
    paragraphs: answer.accepted
      ? [`${answer.contractorName} accepted ${jobSummary(job)}`, "The job is now scheduled."]
      : [
          `${answer.contractorName} declined ${jobSummary(job)}`,
          `Their reason: ${answer.reason}`,
          "The job is still waiting for a contractor: offer it to someone else if nobody else has it.",
        ],
    action: { label: "Open the job", url },
    footnote: "You receive this because you run maintenance for this property on StayLondon.",
  });
}

export function maintenanceScheduledLetter(
  person: { email: string; firstName: string | null },
  job: JobFacts,
  news: { rescheduled: boolean; staying: boolean },
  url: string,
): Email {
  const verb = news.rescheduled ? "rescheduled" : "scheduled";
  return letter({
    to: person.email,
    subject: `Maintenance ${verb} at ${job.place}: ${job.date ?? "date to be confirmed"}`,
    greeting: hello(person.firstName),
    paragraphs: news.staying
      ? [
          `Maintenance work is ${verb} at ${job.place} while you are staying there: ${job.title}, on ${job.date}.`,
          "A contractor will visit that day. If this is a problem, please contact your host through StayLondon.",
        ]
      : [`Maintenance work is ${verb}: ${jobSummary(job)}`],
    action: { label: news.staying ? "See your bookings" : "Open the job", url },
    footnote: "Questions? Write to us from the contact page on our website, and quote your booking reference.",
  });
}

export function maintenanceCompletedLetter(
  person: { email: string; firstName: string | null },
  job: JobFacts,
  finalCost: string | null,
  url: string,
): Email {
  return letter({
    to: person.email,
    subject: `Job ${job.reference} is complete: ${job.title}`,
    greeting: hello(person.firstName),
    paragraphs: [
      `The contractor has completed ${job.reference}, "${job.title}" at ${job.place}.`,
      ...(finalCost ? [`The final cost is £${finalCost}.`] : []),
    ],
    action: { label: "Open the job", url },
    footnote: "Thank you for reporting and following this job on StayLondon.",
  });
}

/** Two-factor sign-in turned on or off: told to the account's address, so someone who did not do it can act. */
export function twoFactorChangedLetter(
  user: { email: string; firstName: string | null },
  change: "enabled" | "disabled",
  profileUrl: string,
): Email {
  const enabled = change === "enabled";
  return letter({
    to: user.email,
    subject: enabled ? "Two-factor sign-in is on for your StayLondon account" : "Two-factor sign-in was turned off",
    greeting: hello(user.firstName),
    paragraphs: [
      enabled
        ? "Two-factor sign-in has just been turned on for your StayLondon account: signing in with your password now also asks for a code from your authenticator app."
        : "Two-factor sign-in has just been turned off for your StayLondon account: your password alone now signs you in, and your recovery codes no longer work.",
      "If this was you, there is nothing more to do. If it was not, change your password from Profile now and contact our support team.",
    ],
    action: { label: "Open Profile", url: profileUrl },
    footnote: "We send this email to keep your account safe; it cannot be switched off.",
  });
}

/** A landlord's reminder that a certificate runs out soon, and what a lapse would do to new bookings. */
export function certificateExpiryLetter(
  owner: { email: string; firstName: string | null },
  certificate: { label: string; propertyTitle: string; expiresOn: string; daysLeft: number; required: boolean },
  vaultUrl: string,
): Email {
  const when =
    certificate.daysLeft === 0 ? "today" : `in ${certificate.daysLeft} ${certificate.daysLeft === 1 ? "day" : "days"}`;
  return letter({
    to: owner.email,
    subject: `${certificate.label} for ${certificate.propertyTitle} expires ${when}`,
    greeting: hello(owner.firstName),
    paragraphs: [
      `The ${certificate.label} for ${certificate.propertyTitle} expires on ${certificate.expiresOn}.`,
      certificate.required
        ? "If it lapses, the listing stops taking new bookings until a current one is uploaded. Stays already booked go ahead."
        : "Upload the renewed one to keep the listing's records complete.",
    ],
    action: { label: "Open the certificate vault", url: vaultUrl },
    footnote:
      "You get this because you list this property on StayLondon; each reminder is sent 60, 30 and 7 days before expiry.",
  });
}

/** A damage claim as its letters name it. */
export type DamageClaimFacts = { id: number; propertyTitle: string; amount: string; description: string };

/** The guest's notice that the host claims for damage after their stay, and where to answer it. */
export function damageClaimRaisedLetter(
  guest: { email: string; firstName: string | null },
  claim: DamageClaimFacts,
  bookingsUrl: string,
): Email {
  return letter({
    to: guest.email,
    subject: `A damage claim on your stay at ${claim.propertyTitle}`,
    greeting: hello(guest.firstName),
    paragraphs: [
      `The host of ${claim.propertyTitle} has asked you to pay ${claim.amount} for damage found after your stay.`,
      `In their words: ${claim.description}`,
      "You can see their photos, and accept the claim or dispute it, on the booking in My Bookings. If you dispute it, our team looks at both sides and decides.",
    ],
    action: { label: "See the claim", url: bookingsUrl },
    footnote: "Nothing is charged until you accept the claim or our team decides it.",
  });
}

/** Both sides' notice of how a disputed claim was decided, and what is charged. */
export function damageClaimDecidedLetter(
  person: { email: string; firstName: string | null },
  claim: DamageClaimFacts,
  decided: { outcome: string; reason: string; charged: string | null },
  url: string,
): Email {
  return letter({
    to: person.email,
    subject: `The damage claim on ${claim.propertyTitle} has been decided`,
    greeting: hello(person.firstName),
    paragraphs: [
      `Our team has decided the damage claim of ${claim.amount} on the stay at ${claim.propertyTitle}: ${decided.outcome}.`,
      `Reason: ${decided.reason}`,
      decided.charged
        ? `The guest is charged ${decided.charged}, which is paid to the host with their next payout.`
        : "Nothing is charged.",
    ],
    action: { label: "See the claim", url },
    footnote: "This decision was made by the StayLondon team after reading both sides.",
  });
}

/** A landlord's reminder, 20 days after receiving a tenancy deposit, that it is not yet recorded as protected. */
export function depositReminderLetter(
  owner: { email: string; firstName: string | null },
  deposit: { propertyTitle: string; amount: string; dueOn: string },
  bookingsUrl: string,
): Email {
  return letter({
    to: owner.email,
    subject: `Protect the ${deposit.amount} deposit for ${deposit.propertyTitle} by ${deposit.dueOn}`,
    greeting: hello(owner.firstName),
    paragraphs: [
      `The ${deposit.amount} deposit for your tenancy at ${deposit.propertyTitle} is not recorded as protected yet. The law gives you until ${deposit.dueOn} to protect it in a government-approved scheme (DPS, TDS or mydeposits) and give your tenant the prescribed information.`,
      "Once it is protected, record the scheme and certificate number on your booking: StayLondon then makes the prescribed information for you and your tenant.",
    ],
    action: { label: "Record the protection", url: bookingsUrl },
    footnote: "You get this once per tenancy, because a deposit you took through StayLondon is not yet protected.",
  });
}

/** News of a periodic tenancy to its tenant or landlord: rent collected or not, notice given. */
export function tenancyNewsLetter(
  person: { email: string; firstName: string | null },
  news: { subject: string; text: string; url: string },
): Email {
  return letter({
    to: person.email,
    subject: news.subject,
    greeting: hello(person.firstName),
    paragraphs: [news.text],
    action: { label: "Open the tenancy", url: news.url },
    footnote: "You get this because you are a party to this tenancy on StayLondon.",
  });
}

/** What a letter about a tenancy's rights names: the home and the page where the person acts on it. */
type TenancyLetterFacts = { propertyTitle: string; url: string };
type Addressee = { email: string; firstName: string | null };

/** The tenant's copy of a Section 13 notice: the new rent, when it starts, and their right to challenge it. */
export function rentIncreaseServedLetter(
  tenant: Addressee,
  facts: TenancyLetterFacts & { newRent: string; currentRent: string; startsOn: string },
): Email {
  return letter({
    to: tenant.email,
    subject: `Notice of a new rent for ${facts.propertyTitle}`,
    greeting: hello(tenant.firstName),
    paragraphs: [
      `Your landlord has served a Section 13 notice: the rent for ${facts.propertyTitle} goes from ${facts.currentRent} to ${facts.newRent} a month from ${facts.startsOn}.`,
      "The notice is on your booking in My Bookings, as a PDF. If you think the new rent is above the market rent, you can apply to the First-tier Tribunal before that day.",
    ],
    action: { label: "See the notice", url: facts.url },
    footnote: "Rent can go up this way at most once in any 12 months, with at least two months' notice.",
  });
}

/** The landlord's notice of a tenant's pet request and the day their answer is due. */
export function petRequestAskedLetter(
  landlord: Addressee,
  facts: TenancyLetterFacts & { description: string; dueOn: string },
): Email {
  return letter({
    to: landlord.email,
    subject: `A pet request for ${facts.propertyTitle}`,
    greeting: hello(landlord.firstName),
    paragraphs: [
      `Your tenant at ${facts.propertyTitle} asks to keep a pet: ${facts.description}`,
      `Please answer by ${facts.dueOn}. You may refuse only with a reason your tenant can read.`,
    ],
    action: { label: "Answer the request", url: facts.url },
    footnote: "The law gives a landlord 28 days to answer a pet request.",
  });
}

/** The tenant's notice of the landlord's answer, with the reason for a refusal. */
export function petRequestAnsweredLetter(
  tenant: Addressee,
  facts: TenancyLetterFacts & { approved: boolean; reason: string | null },
): Email {
  return letter({
    to: tenant.email,
    subject: `Your pet request for ${facts.propertyTitle} was ${facts.approved ? "agreed" : "refused"}`,
    greeting: hello(tenant.firstName),
    paragraphs: facts.approved
      ? [`Your landlord agreed to your pet at ${facts.propertyTitle}.`]
      : [`Your landlord refused your pet request at ${facts.propertyTitle}.`, `Their reason: ${facts.reason ?? ""}`],
    action: { label: "See your booking", url: facts.url },
    footnote: "Your booking in My Bookings keeps the request and the answer.",
  });
}

/** A reminder to the landlord, or the notice to both sides that the answer is overdue. */
export function petRequestDueLetter(
  person: Addressee,
  facts: TenancyLetterFacts & { dueOn: string; overdue: boolean; toLandlord: boolean },
): Email {
  const lead = facts.overdue
    ? `The pet request at ${facts.propertyTitle} was not answered by ${facts.dueOn}, the last day the law allows.`
    : `The pet request at ${facts.propertyTitle} is still waiting for your answer, due by ${facts.dueOn}.`;
  return letter({
    to: person.email,
    subject: facts.overdue
      ? `Pet request unanswered: ${facts.propertyTitle}`
      : `Reminder: answer the pet request for ${facts.propertyTitle}`,
    greeting: hello(person.firstName),
    paragraphs: [
      lead,
      facts.toLandlord
        ? "Please answer it now: agree, or refuse with a reason."
        : "It is marked as unanswered on your booking, and our team can see it.",
    ],
    action: { label: facts.toLandlord ? "Answer the request" : "See your booking", url: facts.url },
    footnote: "The law gives a landlord 28 days to answer a pet request.",
  });
}

import { addDays } from "../../common/domain/calendar-dates";
import type { MaintenanceStatus, MaintenanceTransition, OfferStatus, WorkStage } from "../../common/domain/maintenance";
import type { Tx } from "./client";
import {
  auditLogs,
  availability,
  maintenanceJobEvents,
  maintenanceJobs,
  maintenanceOffers,
  messageThreadReads,
  messageThreads,
  propertyManagerAssignments,
  threadMessages,
} from "./schema";
import { ENDED_ASSIGNMENTS, JOBS, MANAGED_LISTINGS, type SeedJob, THREADS } from "./seed-data/management";

/**
 * The demo data of property management and maintenance, planned in memory like the rest of the seed: who manages
 * which of the demo landlord's listings (with an ended assignment in the history), the thread of each assignment,
 * and jobs in every status with their offers to the demo contractor and their timelines. People are keys of the
 * seed's people ("james" is landlord@, "manager" manager@, "contractor" contractor@), listings are slugs.
 */

const OWNER = "james";
const MANAGER = "manager";
const CONTRACTOR = "contractor";

/** A stay the seed planned, as far as a job reported from it needs to know. */
export type StayRef = { guestKey: string; status: string; checkIn: string; checkOut: string };

export type ManagementInput<S extends StayRef> = {
  today: string;
  /** A timestamp on a day at a minute of the day, never later than the start of today (the seed's clock). */
  stamp: (day: string, minuteOfDay: number) => Date;
  /** The stay holding each night of each listing. */
  heldNights: ReadonlyMap<string, ReadonlyMap<string, S>>;
  /** Nights already blocked by the landlord, as `slug|date`. */
  blockedNights: ReadonlySet<string>;
};

type PlannedEvent = { transition: "report" | MaintenanceTransition; actorKey: string; note: string | null; at: Date };
type PlannedOffer = {
  status: OfferStatus;
  declineReason: string | null;
  offeredByKey: string;
  at: Date;
  answeredAt: Date | null;
};

export type PlannedJob<S extends StayRef> = {
  slug: string;
  reporterKey: string;
  /** The stay it was reported from. */
  stay: S | null;
  title: string;
  description: string;
  category: SeedJob["category"];
  priority: SeedJob["priority"];
  isUrgent: boolean;
  status: MaintenanceStatus;
  contractorKey: string | null;
  scheduledDate: string | null;
  estimatedHours: number | null;
  vacantNights: number | null;
  agreedPayment: string | null;
  finalCost: string | null;
  workStage: WorkStage | null;
  closingReason: string | null;
  completionNote: string | null;
  completedAt: Date | null;
  paidAt: Date | null;
  paidByKey: string | null;
  createdAt: Date;
  updatedAt: Date;
  offers: PlannedOffer[];
  events: PlannedEvent[];
  /** Nights the property is kept empty for the work. */
  nights: string[];
};

export type ManagementPlan<S extends StayRef> = ReturnType<typeof planManagement<S>>;

const money = (pounds: number) => pounds.toFixed(2);

export function planManagement<S extends StayRef>({ today, stamp, heldNights, blockedNights }: ManagementInput<S>) {
  const day = (daysAgo: number) => addDays(today, -daysAgo);

  // Assignments, current and ended ----------------------------------------------------------
  const assignments = [
    ...MANAGED_LISTINGS.map((a) => ({
      slug: a.slug,
      startedAt: stamp(day(a.assignedDaysAgo), 9 * 60),
      endedAt: null as Date | null,
    })),
    ...ENDED_ASSIGNMENTS.map((a) => ({
      slug: a.slug,
      startedAt: stamp(day(a.startedDaysAgo), 9 * 60),
      endedAt: stamp(day(a.endedDaysAgo), 17 * 60) as Date | null,
    })),
  ].map((a) => ({ ...a, managerKey: MANAGER, byKey: OWNER }));

  const threads = assignments.map((a) => {
    const thread = THREADS[a.slug];
    if (!thread) throw new Error(`seed data: no thread for ${a.slug}`);
    const messages = thread.messages.map((m) => ({
      authorKey: m.from === "owner" ? OWNER : MANAGER,
      body: m.body,
      at: stamp(day(m.daysAgo), m.minuteOfDay),
    }));
    const unread = messages.slice(messages.length - thread.managerUnread);
    if (unread.some((m) => m.authorKey !== OWNER)) throw new Error(`seed data: ${a.slug}: unread must be the owner's`);
    // The index of the last message each side has read (-1: none).
    return { slug: a.slug, messages, managerReadThrough: messages.length - 1 - thread.managerUnread };
  });

  // Jobs ------------------------------------------------------------------------------------
  const managedNow = new Map(MANAGED_LISTINGS.map((a) => [a.slug as string, a.assignedDaysAgo as number]));
  const taken = new Set(blockedNights);
  const jobs: PlannedJob<S>[] = JOBS.map((job) => {
    const managedSince = managedNow.get(job.slug);
    const coordinator = managedSince !== undefined && managedSince >= job.reportedDaysAgo ? MANAGER : OWNER;
    const tonight = heldNights.get(job.slug)?.get(today);
    const stayingGuest = job.reporter === "staying-guest" && tonight?.status === "confirmed" ? tonight : null;
    const reporterKey = stayingGuest ? stayingGuest.guestKey : job.reporter === "owner" ? OWNER : coordinator;

    // A job that needs the flat empty takes its first free nights from the date wanted.
    let scheduledDate = job.scheduledInDays === undefined ? null : addDays(today, job.scheduledInDays);
    const nights: string[] = [];
    if (job.vacantNights && scheduledDate) {
      const held = heldNights.get(job.slug);
      const free = (date: string) => !held?.has(date) && !taken.has(`${job.slug}|${date}`);
      for (let tries = 0; tries < 90; tries++, scheduledDate = addDays(scheduledDate, 1)) {
        const run = Array.from({ length: job.vacantNights }, (_, k) => addDays(scheduledDate as string, k));
        if (run.every(free)) {
          nights.push(...run);
          break;
        }
      }
      if (nights.length === 0) throw new Error(`seed: no free nights for the job at ${job.slug}`);
      for (const date of nights) taken.add(`${job.slug}|${date}`);
    }

    const reportedAt = stamp(day(job.reportedDaysAgo), 8 * 60 + 15);
    const events: PlannedEvent[] = [{ transition: "report", actorKey: reporterKey, note: null, at: reportedAt }];
    const offers: PlannedOffer[] = [];
    let status: MaintenanceStatus = "pending";
    let contractorKey: string | null = null;
    if (job.offer) {
      const offeredAt = stamp(day(job.offer.daysAgo), 10 * 60);
      const answeredAt = stamp(day(job.offer.daysAgo), 13 * 60 + 30);
      events.push({ transition: "offer", actorKey: coordinator, note: null, at: offeredAt });
      const declineReason = job.offer.answer === "declined" ? (job.offer.declineReason ?? null) : null;
      offers.push({
        status: job.offer.answer,
        declineReason,
        offeredByKey: coordinator,
        at: offeredAt,
        answeredAt: job.offer.answer === "open" ? null : answeredAt,
      });
      if (job.offer.answer === "declined") {
        events.push({ transition: "decline_offer", actorKey: CONTRACTOR, note: declineReason, at: answeredAt });
      }
      if (job.offer.answer === "accepted") {
        events.push({ transition: "accept", actorKey: CONTRACTOR, note: null, at: answeredAt });
        status = "scheduled";
        contractorKey = CONTRACTOR;
      }
    }

    const outcome = job.outcome;
    let workStage: WorkStage | null = null;
    let completion: { at: Date; note: string; cost: number; paidAt: Date | null } | null = null;
    let closingReason: string | null = null;
    if (outcome?.status === "in_progress") {
      events.push({
        transition: "update_progress",
        actorKey: CONTRACTOR,
        note: outcome.note,
        at: stamp(scheduledDate ?? today, 9 * 60),
      });
      status = "in_progress";
      workStage = outcome.stage;
    } else if (outcome?.status === "completed") {
      const done = day(outcome.daysAgo);
      events.push({ transition: "update_progress", actorKey: CONTRACTOR, note: null, at: stamp(done, 9 * 60) });
      const at = stamp(done, 15 * 60);
      events.push({ transition: "complete", actorKey: CONTRACTOR, note: outcome.note, at });
      const paidAt = outcome.paidDaysAgo === undefined ? null : stamp(day(outcome.paidDaysAgo), 11 * 60);
      if (paidAt) events.push({ transition: "mark_paid", actorKey: coordinator, note: null, at: paidAt });
      completion = { at, note: outcome.note, cost: outcome.finalCost, paidAt };
      status = "completed";
    } else if (outcome?.status === "declined" || outcome?.status === "cancelled") {
      closingReason = outcome.reason;
      events.push({
        transition: outcome.status === "declined" ? "decline_report" : "cancel",
        actorKey: coordinator,
        note: outcome.reason,
        at: stamp(day(outcome.daysAgo), 12 * 60),
      });
      status = outcome.status;
    }

    return {
      slug: job.slug,
      reporterKey,
      stay: stayingGuest,
      title: job.title,
      description: job.description,
      category: job.category,
      priority: job.priority,
      isUrgent: job.isUrgent ?? false,
      status,
      contractorKey,
      scheduledDate,
      estimatedHours: job.estimatedHours ?? null,
      vacantNights: nights.length > 0 ? nights.length : null,
      agreedPayment: job.agreedPayment === undefined ? null : money(job.agreedPayment),
      finalCost: completion ? money(completion.cost) : null,
      workStage,
      closingReason,
      completionNote: completion?.note ?? null,
      completedAt: completion?.at ?? null,
      paidAt: completion?.paidAt ?? null,
      paidByKey: completion?.paidAt ? coordinator : null,
      createdAt: reportedAt,
      updatedAt: new Date(Math.max(...events.map((e) => e.at.getTime()))),
      offers,
      events,
      nights,
    };
  });

  return { assignments, threads, jobs };
}

// Writing the plan ----------------------------------------------------------------------------

export type SeedLookups<S extends StayRef> = {
  userId: (key: string) => number;
  /** How an audit sentence names a person ("Sophie Clarke"), and how the log labels them (with the address). */
  name: (key: string) => string;
  label: (key: string) => string;
  propertyId: (slug: string) => number;
  propertyTitle: (slug: string) => string;
  bookingId: (stay: S) => number;
};

/** Writes the plan inside the seed's transaction (a few dozen rows: plain inserts). */
export async function writeManagement<S extends StayRef>(
  tx: Tx,
  plan: ManagementPlan<S>,
  { userId, name, label, propertyId, propertyTitle, bookingId }: SeedLookups<S>,
): Promise<void> {
  for (const a of plan.assignments) {
    const [row] = await tx
      .insert(propertyManagerAssignments)
      .values({
        propertyId: propertyId(a.slug),
        managerId: userId(a.managerKey),
        assignedBy: userId(a.byKey),
        startedAt: a.startedAt,
        endedAt: a.endedAt,
        endedBy: a.endedAt ? userId(a.byKey) : null,
      })
      .returning({ id: propertyManagerAssignments.id });
    if (!row) throw new Error("seed: assignment not inserted");
    const entry = {
      type: "info" as const,
      actorId: userId(a.byKey),
      actorLabel: label(a.byKey),
      targetType: "property" as const,
      targetId: String(propertyId(a.slug)),
    };
    await tx.insert(auditLogs).values([
      {
        ...entry,
        action: "property.manager_assigned",
        message: `Made ${name(a.managerKey)} the manager of "${propertyTitle(a.slug)}"`,
        subjectUserId: userId(a.managerKey),
        subjectLabel: label(a.managerKey),
        details: { assignmentId: row.id },
        createdAt: a.startedAt,
      },
      ...(a.endedAt
        ? [
            {
              ...entry,
              action: "property.manager_ended" as const,
              message: `Ended the manager's assignment to "${propertyTitle(a.slug)}"`,
              details: { assignmentId: row.id, managerId: userId(a.managerKey) },
              createdAt: a.endedAt,
            },
          ]
        : []),
    ]);

    const thread = plan.threads.find((x) => x.slug === a.slug);
    if (!thread || thread.messages.length === 0) continue;
    const [conversation] = await tx
      .insert(messageThreads)
      .values({ kind: "owner_manager", propertyId: propertyId(a.slug), assignmentId: row.id, createdAt: a.startedAt })
      .returning({ id: messageThreads.id });
    const threadId = (conversation as { id: number }).id;
    const messageIds: number[] = [];
    for (const m of thread.messages) {
      const [message] = await tx
        .insert(threadMessages)
        .values({
          threadId,
          authorId: userId(m.authorKey),
          // The owner writes as the property's host.
          authorSide: m.authorKey === a.managerKey ? "manager" : "host",
          body: m.body,
          createdAt: m.at,
        })
        .returning({ id: threadMessages.id });
      if (message) messageIds.push(message.id);
    }
    const last = thread.messages.at(-1) as (typeof thread.messages)[number];
    const reads = [
      { key: a.byKey, through: messageIds.length - 1 },
      { key: a.managerKey, through: thread.managerReadThrough },
    ];
    await tx.insert(messageThreadReads).values(
      reads
        .filter((r) => r.through >= 0)
        .map((r) => ({
          threadId,
          userId: userId(r.key),
          lastReadMessageId: messageIds[r.through] as number,
          readAt: thread.messages[r.through]?.at ?? last.at,
        })),
    );
  }

  for (const job of plan.jobs) {
    const [row] = await tx
      .insert(maintenanceJobs)
      .values({
        propertyId: propertyId(job.slug),
        reportedBy: userId(job.reporterKey),
        bookingId: job.stay ? bookingId(job.stay) : null,
        title: job.title,
        description: job.description,
        category: job.category,
        priority: job.priority,
        isUrgent: job.isUrgent,
        status: job.status,
        contractorId: job.contractorKey ? userId(job.contractorKey) : null,
        scheduledDate: job.scheduledDate,
        estimatedHours: job.estimatedHours,
        vacantNights: job.vacantNights,
        agreedPayment: job.agreedPayment,
        finalCost: job.finalCost,
        workStage: job.workStage,
        closingReason: job.closingReason,
        completionNote: job.completionNote,
        completedAt: job.completedAt,
        paidAt: job.paidAt,
        paidBy: job.paidByKey ? userId(job.paidByKey) : null,
        createdAt: job.createdAt,
        updatedAt: job.updatedAt,
      })
      .returning({ id: maintenanceJobs.id });
    if (!row) throw new Error("seed: job not inserted");
    if (job.offers.length > 0) {
      await tx.insert(maintenanceOffers).values(
        job.offers.map((o) => ({
          jobId: row.id,
          contractorId: userId(CONTRACTOR),
          status: o.status,
          declineReason: o.declineReason,
          offeredBy: userId(o.offeredByKey),
          createdAt: o.at,
          answeredAt: o.answeredAt,
        })),
      );
    }
    await tx.insert(maintenanceJobEvents).values(
      job.events.map((e) => ({
        jobId: row.id,
        actorId: userId(e.actorKey),
        transition: e.transition,
        note: e.note,
        createdAt: e.at,
      })),
    );
    if (job.nights.length > 0) {
      await tx.insert(availability).values(
        job.nights.map((date) => ({
          propertyId: propertyId(job.slug),
          date,
          status: "blocked" as const,
          notes: job.title,
          maintenanceJobId: row.id,
        })),
      );
    }
  }
}

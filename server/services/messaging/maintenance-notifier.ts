import { formatEstimatedDuration } from "../../../common/domain/maintenance";
import { jobReference } from "../../../common/schemas/maintenance";
import { formatFullDate } from "../../../common/utils/dates";
import type { Tx } from "../../db/client";
import { findGuestsStayingOn, findJobPeople, findPeople } from "../../repositories/maintenance-jobs.repository";
import {
  type JobFacts,
  maintenanceCompletedLetter,
  maintenanceOfferAnsweredLetter,
  maintenanceOfferedLetter,
  maintenanceScheduledLetter,
} from "./email-templates";
import type { Email } from "./messenger";
import { OutboxNotifier } from "./outbox-notifier";

/** What happened to a job that people must hear about. */
export type MaintenanceNews =
  | { kind: "offered"; contractorIds: number[]; payment: string | null }
  | { kind: "accepted"; contractorName: string }
  | { kind: "offer_declined"; contractorName: string; reason: string }
  | { kind: "rescheduled" }
  | { kind: "completed" };

type Person = { email: string | null; firstName: string | null };
type Addressed = { email: string; firstName: string | null };
const addressed = (person: Person | null | undefined): person is Addressed => Boolean(person?.email);

/**
 * Tells the people of a maintenance job what happened to it: the contractors it is offered to, whoever runs it
 * (the manager, else the owner) when a contractor answers, the owner and any guest staying on the day when it is
 * scheduled or moved, and the owner, manager and reporter when it is done (see OutboxNotifier).
 */
export class MaintenanceNotifier extends OutboxNotifier<MaintenanceNews> {
  protected async letters(tx: Tx, jobId: number, news: MaintenanceNews): Promise<Email[]> {
    const people = await findJobPeople(tx, jobId);
    if (!people) return [];
    const job: JobFacts = {
      reference: jobReference(jobId),
      title: people.title,
      place: people.propertyTitle,
      date: people.scheduledDate ? formatFullDate(people.scheduledDate) : null,
      duration: people.estimatedHours ? formatEstimatedDuration(people.estimatedHours) : null,
      vacantNights: people.vacantNights,
    };
    const dashboard = `${this.publicUrl}/dashboard`;
    const coordinator = addressed(people.manager) ? people.manager : people.owner;
    const letters: Email[] = [];
    switch (news.kind) {
      case "offered":
        for (const contractor of await findPeople(tx, news.contractorIds)) {
          letters.push(maintenanceOfferedLetter(contractor, job, news.payment, dashboard));
        }
        break;
      case "offer_declined":
        letters.push(
          maintenanceOfferAnsweredLetter(
            coordinator,
            job,
            { contractorName: news.contractorName, accepted: false, reason: news.reason },
            dashboard,
          ),
        );
        break;
      case "accepted":
        letters.push(
          maintenanceOfferAnsweredLetter(
            coordinator,
            job,
            { contractorName: news.contractorName, accepted: true },
            dashboard,
          ),
        );
        // The owner hears it is scheduled; without a manager the letter above already told them.
        if (coordinator !== people.owner) {
          letters.push(
            maintenanceScheduledLetter(people.owner, job, { rescheduled: false, staying: false }, dashboard),
          );
        }
        letters.push(...(await this.guestLetters(tx, people.propertyId, people.scheduledDate, job, false)));
        break;
      case "rescheduled":
        letters.push(maintenanceScheduledLetter(people.owner, job, { rescheduled: true, staying: false }, dashboard));
        letters.push(...(await this.guestLetters(tx, people.propertyId, people.scheduledDate, job, true)));
        break;
      case "completed": {
        // The cost is for those who pay it; a guest who reported the problem hears only that it is fixed.
        const cost = people.finalCost;
        const told = new Set<string>();
        for (const [person, withCost] of [
          [people.owner, true],
          [people.manager, true],
          [people.reporter, false],
        ] as const) {
          if (!addressed(person) || told.has(person.email)) continue;
          told.add(person.email);
          letters.push(maintenanceCompletedLetter(person, job, withCost ? cost : null, dashboard));
        }
        break;
      }
    }
    return letters;
  }

  /** Guests whose confirmed stay covers the day of the work hear about it. */
  private async guestLetters(
    tx: Tx,
    propertyId: number,
    date: string | null,
    job: JobFacts,
    rescheduled: boolean,
  ): Promise<Email[]> {
    if (!date) return [];
    const guests = await findGuestsStayingOn(tx, propertyId, date);
    return guests.map((guest) =>
      maintenanceScheduledLetter(guest, job, { rescheduled, staying: true }, `${this.publicUrl}/bookings`),
    );
  }
}

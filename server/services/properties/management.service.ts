import { londonToday } from "../../../common/domain/calendar-dates";
import { basisPointsToPercent, percentToBasisPoints } from "../../../common/domain/management-fee";
import { bookingReference } from "../../../common/schemas/bookings";
import { pageOffset, type TPageQuery } from "../../../common/schemas/paging";
import type {
  TAssignManager,
  TManagedBooking,
  TManagedPropertySummary,
  TManagerAssignment,
  TPropertyManagement,
} from "../../../common/schemas/property-management";
import { type Actor, propertyOr404 } from "../../access/records";
import type { Database } from "../../db/client";
import { ConflictError, notFound } from "../../lib/errors";
import { auditLabel, publicGuestName, sentenceName } from "../../lib/person-names";
import { PG, pgErrorCode } from "../../lib/postgres-errors";
import { recordAudit } from "../../repositories/audit-logs.repository";
import { findCountedNights } from "../../repositories/counted-nights.sql";
import {
  type AssignmentRow,
  endCurrentAssignment,
  findActiveManagerByEmail,
  findAssignments,
  findCurrentAssignment,
  findManagedBookings,
  findManagedPropertyFacts,
  insertAssignment,
  lockPropertyForManagerChange,
  type ManagedBookingsFilter,
} from "../../repositories/properties/management.repository";
import type { LandlordAnalyticsService } from "../landlord-analytics.service";

/** The signed-in user as the audit log names them. */
export type PersonActor = Actor & { email: string; firstName: string | null; lastName: string | null };

export const NO_MANAGER_ACCOUNT = "No property manager account uses that e-mail address";
export const ALREADY_MANAGER = "That property manager already manages this property";
export const NO_CURRENT_MANAGER = "This property has no manager";
/** Two changes of one property's manager crossed; the last word is the database's one-current-manager rule. */
const MANAGER_CHANGED_MEANWHILE = "The property's manager was changed at the same moment. Reload and try again.";

function assignmentAnswer(row: AssignmentRow): TManagerAssignment {
  return {
    id: row.id,
    manager: {
      id: row.manager_id,
      name: sentenceName({
        firstName: row.manager_first_name,
        lastName: row.manager_last_name,
        email: row.manager_email,
      }),
      email: row.manager_email,
    },
    feePercent: basisPointsToPercent(row.management_fee_bps),
    assignedBy:
      row.assigner_email === null
        ? null
        : sentenceName({
            firstName: row.assigner_first_name,
            lastName: row.assigner_last_name,
            email: row.assigner_email,
          }),
    startedAt: row.started_at,
    endedAt: row.ended_at,
  };
}

/**
 * Who manages a property: an owner with their landlord features open (or an admin) puts an existing property
 * manager account on it and takes them off; a property has at most one manager at a time and keeps the history.
 * And what a manager sees: the properties assigned to them now, and their bookings. Ending an assignment takes
 * the property out of the manager's lists at once: every list reads the current assignments.
 */
export class PropertyManagementService {
  constructor(
    private readonly db: Database,
    private readonly analytics: LandlordAnalyticsService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The property, if `user` may put a manager on it (its owner, or an admin); otherwise 404. */
  private property(user: Actor, ref: string) {
    return propertyOr404(this.db, ref, user, "assign", "property-manager");
  }

  private async management(propertyId: number): Promise<TPropertyManagement> {
    const rows = (await findAssignments(this.db, propertyId)).map(assignmentAnswer);
    const current = rows.find((r) => r.endedAt === null) ?? null;
    return { current, history: rows.filter((r) => r !== current) };
  }

  /** GET /api/properties/{id}/manager. */
  async getManagement(user: Actor, ref: string): Promise<TPropertyManagement> {
    const property = await this.property(user, ref);
    return this.management(property.id);
  }

  /**
   * PUT /api/properties/{id}/manager: `email`'s account becomes the manager, ending the current assignment in the
   * same transaction. Changes of one property's manager run one after the other (the property's row is held).
   */
  async assignManager(user: PersonActor, ref: string, body: TAssignManager): Promise<TPropertyManagement> {
    const property = await this.property(user, ref);
    const manager = await findActiveManagerByEmail(this.db, body.email);
    if (!manager) throw notFound(NO_MANAGER_ACCOUNT);
    try {
      await this.db.transaction(async (tx) => {
        await lockPropertyForManagerChange(tx, property.id);
        const current = await findCurrentAssignment(tx, property.id);
        if (current?.manager_id === manager.id) throw new ConflictError(ALREADY_MANAGER);
        const ended = current ? await endCurrentAssignment(tx, property.id, user.id) : undefined;
        const assignmentId = await insertAssignment(tx, {
          propertyId: property.id,
          managerId: manager.id,
          assignedBy: user.id,
          managementFeeBps: percentToBasisPoints(body.feePercent),
        });
        const managerName = sentenceName({
          firstName: manager.first_name,
          lastName: manager.last_name,
          email: manager.email,
        });
        await recordAudit(tx, {
          type: "info",
          action: "property.manager_assigned",
          message: `Made ${managerName} the manager of "${property.title}"`,
          actor: { id: user.id, label: auditLabel(user) },
          subject: {
            id: manager.id,
            label: auditLabel({ firstName: manager.first_name, lastName: manager.last_name, email: manager.email }),
          },
          target: { type: "property", id: property.id },
          details: {
            assignmentId,
            feePercent: body.feePercent,
            ...(ended ? { endedAssignmentId: ended.id, previousManagerId: ended.manager_id } : {}),
          },
        });
      });
    } catch (error) {
      if (pgErrorCode(error) === PG.UNIQUE_VIOLATION) throw new ConflictError(MANAGER_CHANGED_MEANWHILE);
      throw error;
    }
    return this.management(property.id);
  }

  /** DELETE /api/properties/{id}/manager: the current assignment ends; its thread stays readable. */
  async endAssignment(user: PersonActor, ref: string): Promise<TPropertyManagement> {
    const property = await this.property(user, ref);
    await this.db.transaction(async (tx) => {
      await lockPropertyForManagerChange(tx, property.id);
      const ended = await endCurrentAssignment(tx, property.id, user.id);
      if (!ended) throw notFound(NO_CURRENT_MANAGER);
      await recordAudit(tx, {
        type: "info",
        action: "property.manager_ended",
        message: `Ended the manager's assignment to "${property.title}"`,
        actor: { id: user.id, label: auditLabel(user) },
        target: { type: "property", id: property.id },
        details: { assignmentId: ended.id, managerId: ended.manager_id },
      });
    });
    return this.management(property.id);
  }

  /**
   * GET /api/properties/managed: the properties assigned to the manager now, newest first, with this month's
   * figures computed exactly like the landlord's (through the analytics' manager scope).
   */
  async findManagedProperties(manager: Actor): Promise<TManagedPropertySummary[]> {
    const [cards, facts] = await Promise.all([
      this.analytics.propertyCards({ managerId: manager.id }),
      findManagedPropertyFacts(this.db, manager.id, londonToday(this.now())),
    ]);
    const factsOf = new Map(facts.map((f) => [f.property_id, f]));
    return cards.flatMap((card) => {
      const f = factsOf.get(card.id);
      // An assignment ended between the two reads: the property is no longer theirs.
      if (!f) return [];
      return [
        {
          id: card.id,
          slug: card.slug,
          title: card.title,
          city: card.city,
          ownerName: sentenceName({ firstName: f.owner_first_name, lastName: f.owner_last_name, email: f.owner_email }),
          image: card.images[0] ?? null,
          isActive: card.isActive,
          status: card.status,
          occupancyRate: card.occupancyRate,
          monthlyRevenue: card.monthlyRevenue,
          openMaintenance: f.open_maintenance,
          activeBookings: f.active_bookings,
          rating: card.rating,
          reviewCount: card.reviewCount,
          assignmentId: f.assignment_id,
          assignedAt: f.assigned_at,
          unreadMessages: f.unread_messages,
        },
      ];
    });
  }

  /** GET /api/bookings/managed-properties: one page of the bookings of the properties the manager manages now. */
  async findManagedBookings(
    manager: Actor,
    query: TPageQuery & Omit<ManagedBookingsFilter, "today">,
  ): Promise<{ items: TManagedBooking[]; total: number }> {
    const { rows, total } = await findManagedBookings(
      this.db,
      manager.id,
      { status: query.status, when: query.when, today: londonToday(this.now()) },
      { limit: query.pageSize, offset: pageOffset(query) },
    );
    const nights = await findCountedNights(
      this.db,
      rows.map((r) => r.id),
      londonToday(this.now()),
    );
    return {
      total,
      items: rows.map((r) => ({
        id: r.id,
        reference: bookingReference(r.id),
        propertyId: r.property_id,
        propertyTitle: r.property_title,
        guestName: publicGuestName(r.guest_first_name, r.guest_last_name),
        checkIn: r.check_in,
        checkOut: r.check_out,
        // A periodic tenancy's real nights, not its calendar hold.
        nights: nights.get(r.id) ?? 0,
        guests: r.guest_count,
        status: r.status,
        totalPrice: r.total_price,
      })),
    };
  }
}

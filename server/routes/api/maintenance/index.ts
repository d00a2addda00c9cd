import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MAX_JOB_PHOTOS } from "../../../../common/domain/maintenance";
import { ZUrlId } from "../../../../common/schemas/ids";
import {
  ZCompleteJob,
  ZContractorChoices,
  ZJobListQuery,
  ZJobParams,
  ZMaintenanceJobDetail,
  ZMaintenanceJobs,
  ZOfferJob,
  ZProgressUpdate,
  ZPropertyMaintenanceBody,
  ZProposeDate,
  ZReasonBody,
  ZReportJob,
  ZRescheduleJob,
  ZTriageJob,
} from "../../../../common/schemas/maintenance";
import { ZPageQuery } from "../../../../common/schemas/paging";
import { MAX_PHOTO_BYTES } from "../../../../common/schemas/property-form";
import { gateFolder, signedInUser } from "../../../access/gates";
import { badRequest } from "../../../lib/errors";
import { sendPage } from "../../../lib/paging";
import { TOO_MANY_JOB_PHOTOS } from "../../../services/maintenance-jobs/job-photos";
import { keepAnswersPrivate } from "../../private-answers";
import { refusals } from "../../refusals";
import { readPhotoForm } from "../properties/photos";

const ZPhotoParams = ZJobParams.extend({
  photoId: ZUrlId("Photo id"),
});

const PHOTO_FIELD = "photo";

/**
 * /api/maintenance: maintenance work orders. One gate for the folder: each route states the permission it needs,
 * which refuses roles that can never use it before anything is read; which job a user may touch, and what they may
 * do to it, is the access module's and the lifecycle's answer in the service. Every answer is one person's view of
 * a job, so none is cached.
 */
const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  // One photo per request, at most 10 MB, cut off while streaming, never held.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 0, parts: 2 } });
  gateFolder(app);
  keepAnswersPrivate(app);
  const jobs = () => app.services.maintenanceJobs;

  // ---------------------------------------------------------------- lists

  app.get(
    "/jobs",
    {
      config: { access: ["read", "maintenance-job"] },
      schema: {
        summary: "The jobs the signed-in user is related to, newest first (every job for an admin)",
        description:
          "An owner sees their properties' jobs, a manager those of the properties they manage now, a contractor those " +
          "offered to or taken by them, a guest those they reported. status: a displayed status (urgent: an urgent " +
          "job nobody has taken; pending: the others not taken) or open. The match count is in X-Total-Count.",
        querystring: ZJobListQuery,
        response: { 200: ZMaintenanceJobs, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => sendPage(reply, await jobs().findJobs(signedInUser(request), request.query)),
  );

  app.get(
    "/assigned",
    {
      config: { access: ["manage", "maintenance-job", "assigned"] },
      schema: {
        summary: "The manager's jobs: those of the properties assigned to them now, newest first",
        description: "Filters as for /jobs; the match count is in X-Total-Count.",
        querystring: ZJobListQuery,
        response: { 200: ZMaintenanceJobs, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => sendPage(reply, await jobs().findAssignedJobs(signedInUser(request), request.query)),
  );

  app.get(
    "/contractor-jobs",
    {
      config: { access: ["work", "maintenance-job"] },
      schema: {
        summary: "The contractor's open offers and the jobs they took that are scheduled or in progress, soonest first",
        description: "The address, contact and phone of a job are null until the contractor has accepted it.",
        response: { 200: ZMaintenanceJobs, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => jobs().findContractorJobs(signedInUser(request)),
  );

  app.get(
    "/history",
    {
      config: { access: ["work", "maintenance-job"] },
      schema: {
        summary: "The completed and cancelled jobs the contractor had taken, the most recently finished first",
        description: "The match count is in X-Total-Count.",
        querystring: ZPageQuery,
        response: { 200: ZMaintenanceJobs, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => sendPage(reply, await jobs().findContractorHistory(signedInUser(request), request.query)),
  );

  app.get(
    "/contractors",
    {
      config: { access: ["manage", "maintenance-job"] },
      schema: {
        summary: "The contractors a job can be offered to (active contractor accounts), by name",
        response: { 200: ZContractorChoices, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async () => jobs().contractorChoices(),
  );

  // ---------------------------------------------------------------- one job

  app.post(
    "/jobs",
    {
      config: { access: ["report", "maintenance-job"] },
      schema: {
        summary: "Report a problem",
        description:
          "A guest names their stay (bookingId): their own confirmed or completed booking, from the check-in day until " +
          "14 days after check-out (London dates), else a 409. The owner, the property's manager or an admin name the " +
          "property (propertyId). Someone else's booking or property is a 404.",
        body: ZReportJob,
        response: { 201: ZMaintenanceJobDetail, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await jobs().report(signedInUser(request), request.body)),
  );

  app.get(
    "/jobs/:id",
    {
      config: { access: ["read", "maintenance-job"] },
      schema: {
        summary: "One job, with its offers (for those who run it) and its timeline",
        params: ZJobParams,
        response: { 200: ZMaintenanceJobDetail, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => jobs().getJob(signedInUser(request), request.params.id),
  );

  app.patch(
    "/jobs/:id",
    {
      config: { access: ["manage", "maintenance-job"] },
      schema: {
        summary: "Triage: correct the priority, urgency, category or wording of an open job",
        params: ZJobParams,
        body: ZTriageJob,
        response: { 200: ZMaintenanceJobDetail, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => jobs().triage(signedInUser(request), request.params.id, request.body),
  );

  app.post(
    "/jobs/:id/offers",
    {
      config: { access: ["manage", "maintenance-job"] },
      schema: {
        summary: "Offer a pending job to contractors for a date, duration and payment",
        description:
          "contractorIds must be active contractor accounts (else 400). With vacantNights, the nights from scheduledDate " +
          "are blocked for the job in the same transaction; a pending or confirmed stay on any of them is a 409 naming it " +
          "and the next free window of as many nights, and nothing changes. Nights the landlord blocked stay theirs.",
        params: ZJobParams,
        body: ZOfferJob,
        response: { 200: ZMaintenanceJobDetail, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => jobs().offer(signedInUser(request), request.params.id, request.body),
  );

  app.post(
    "/jobs/:id/accept",
    {
      config: { access: ["work", "maintenance-job"] },
      schema: {
        summary: "A contractor with an open offer takes the job",
        description:
          "The first to accept takes it and every other open offer is withdrawn; a contractor whose offer was " +
          "withdrawn that way gets a 409.",
        params: ZJobParams,
        response: { 200: ZMaintenanceJobDetail, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => jobs().accept(signedInUser(request), request.params.id),
  );

  app.post(
    "/jobs/:id/decline",
    {
      config: { access: ["work", "maintenance-job"] },
      schema: {
        summary: "A contractor turns their offer down, with a reason",
        description: "The job then no longer shows to them (404).",
        params: ZJobParams,
        body: ZReasonBody,
        response: { 200: z.object({ declined: z.literal(true) }), ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => jobs().declineOffer(signedInUser(request), request.params.id, request.body.reason),
  );

  app.post(
    "/jobs/:id/reschedule",
    {
      config: { access: ["manage", "maintenance-job"] },
      schema: {
        summary: "Set a new date (pending or scheduled job); the nights blocked for it move in one transaction",
        params: ZJobParams,
        body: ZRescheduleJob,
        response: { 200: ZMaintenanceJobDetail, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => jobs().reschedule(signedInUser(request), request.params.id, request.body),
  );

  app.post(
    "/jobs/:id/propose-date",
    {
      config: { access: ["work", "maintenance-job"] },
      schema: {
        summary: "The contractor who took the job proposes another date, with why",
        params: ZJobParams,
        body: ZProposeDate,
        response: { 200: ZMaintenanceJobDetail, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => jobs().proposeDate(signedInUser(request), request.params.id, request.body),
  );

  app.post(
    "/jobs/:id/accept-proposed-date",
    {
      config: { access: ["manage", "maintenance-job"] },
      schema: {
        summary: "The contractor's proposed date becomes the job's (409 when there is none or it has passed)",
        params: ZJobParams,
        response: { 200: ZMaintenanceJobDetail, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => jobs().acceptProposedDate(signedInUser(request), request.params.id),
  );

  app.post(
    "/jobs/:id/progress",
    {
      config: { access: ["work", "maintenance-job"] },
      schema: {
        summary: "The contractor says where the work stands; the first update starts it",
        params: ZJobParams,
        body: ZProgressUpdate,
        response: { 200: ZMaintenanceJobDetail, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => jobs().progress(signedInUser(request), request.params.id, request.body),
  );

  app.post(
    "/jobs/:id/complete",
    {
      config: { access: ["work", "maintenance-job"] },
      schema: {
        summary: "The contractor completes a job in progress with the final cost and a note",
        description: "Nights still ahead that were blocked for the job open again.",
        params: ZJobParams,
        body: ZCompleteJob,
        response: { 200: ZMaintenanceJobDetail, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => jobs().complete(signedInUser(request), request.params.id, request.body),
  );

  app.post(
    "/jobs/:id/decline-report",
    {
      config: { access: ["manage", "maintenance-job"] },
      schema: {
        summary: "Turn a pending report down, with a reason; its blocked nights open again",
        params: ZJobParams,
        body: ZReasonBody,
        response: { 200: ZMaintenanceJobDetail, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => jobs().declineReport(signedInUser(request), request.params.id, request.body.reason),
  );

  app.post(
    "/jobs/:id/withdraw",
    {
      config: { access: ["report", "maintenance-job"] },
      schema: {
        summary: "The guest who reported a job withdraws it while nobody has taken it",
        params: ZJobParams,
        response: { 200: ZMaintenanceJobDetail, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => jobs().withdraw(signedInUser(request), request.params.id),
  );

  app.post(
    "/jobs/:id/cancel",
    {
      config: { access: ["manage", "maintenance-job"] },
      schema: {
        summary: "Call an open job off, with a reason; its blocked nights still ahead open again",
        params: ZJobParams,
        body: ZReasonBody,
        response: { 200: ZMaintenanceJobDetail, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => jobs().cancel(signedInUser(request), request.params.id, request.body.reason),
  );

  app.post(
    "/jobs/:id/mark-paid",
    {
      config: { access: ["manage", "maintenance-job"] },
      schema: {
        summary: "Record that the contractor's payment for a completed job is made (409 when it already is)",
        params: ZJobParams,
        response: { 200: ZMaintenanceJobDetail, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => jobs().markPaid(signedInUser(request), request.params.id),
  );

  app.put(
    "/jobs/:id/property-maintenance",
    {
      config: { access: ["manage", "maintenance-job"] },
      schema: {
        summary: "Put the job's property under maintenance (only for an open urgent job) or take it off",
        description: "A property under maintenance stays listed but cannot be booked.",
        params: ZJobParams,
        body: ZPropertyMaintenanceBody,
        response: { 200: ZMaintenanceJobDetail, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      jobs().setPropertyMaintenance(signedInUser(request), request.params.id, request.body.underMaintenance),
  );

  // ---------------------------------------------------------------- photos

  app.post(
    "/jobs/:id/photos",
    {
      config: { access: ["read", "maintenance-job"], rateLimit: "upload" },
      schema: {
        summary: "Add a photo of the problem (multipart, field `photo`)",
        description:
          `The reporter or whoever runs the job, while it is open; at most ${MAX_JOB_PHOTOS} photos a job. The type is ` +
          "read from the bytes (JPEG, PNG, WebP, AVIF, GIF, TIFF; anything else is a 415), at most 10 MB; stored as " +
          "WebP like listing photos and served from /media/photos/.",
        params: ZJobParams,
        response: { 200: ZMaintenanceJobDetail, ...refusals(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const viewer = signedInUser(request);
      // Who may add a photo, and whether there is room, is known before the upload is read.
      const room = await jobs().photoRoom(viewer, request.params.id);
      if (!request.isMultipart()) {
        throw badRequest(`Send the photo as multipart/form-data in the field '${PHOTO_FIELD}'`);
      }
      // The form is read (and drained) even when the job is full, so the refusal reaches the client.
      const { staged } = await readPhotoForm(request, jobs().photos, {
        maxFiles: Math.min(1, room),
        fields: [],
        fileField: PHOTO_FIELD,
        tooMany: room === 0 ? TOO_MANY_JOB_PHOTOS : "Upload one photo at a time",
      });
      const [photo] = staged;
      if (!photo) throw badRequest("Choose a photo to upload");
      return jobs().addPhoto(viewer, request.params.id, photo);
    },
  );

  app.delete(
    "/jobs/:id/photos/:photoId",
    {
      config: { access: ["read", "maintenance-job"] },
      schema: {
        summary: "Remove a photo of an open job",
        params: ZPhotoParams,
        response: { 200: ZMaintenanceJobDetail, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => jobs().deletePhoto(signedInUser(request), request.params.id, request.params.photoId),
  );
};

export default maintenanceRoutes;

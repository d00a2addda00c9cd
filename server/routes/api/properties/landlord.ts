import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  ZManagedProperty,
  ZManagedPropertyParams,
  ZPropertyStatusChange,
  ZShortLetPermissionRequest,
} from "../../../../common/schemas/landlord-properties";
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_PROPERTY,
  ZCreateProperty,
  ZUpdateProperty,
} from "../../../../common/schemas/property-form";
import { gateFolder, requireVerified, signedInUser } from "../../../access/gates";
import { badRequest } from "../../../lib/errors";
import { refusals } from "../../refusals";
import propertyPhotosRoutes, { parseInput, readPhotoForm } from "./photos";

/** The `property` field of a multipart create: the JSON text of ZCreateProperty. */
function propertyField(value: unknown): unknown {
  if (value === undefined) throw badRequest("Send the property's details as JSON in the form field 'property'");
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    throw badRequest("The form field 'property' is not valid JSON");
  }
}

/**
 * /api/properties: a landlord's own listings. Behind the landlord gate (approved, phone
 * verified; or an admin); every /:id route answers 404 unless the user owns the property or is an admin.
 */
const landlordPropertiesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Limits per upload; a bigger file is cut off while streaming, never held in memory.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: MAX_PHOTO_BYTES,
      files: MAX_PHOTOS_PER_PROPERTY + 1,
      fields: 4,
      parts: MAX_PHOTOS_PER_PROPERTY + 5,
      fieldSize: 256 * 1024,
    },
  });
  gateFolder(app, { fallback: ["update", "property"] });
  const service = app.services.landlordProperties;

  app.post(
    "/",
    {
      // Posting properties needs both e-mail and phone verified.
      config: { access: ["create", "property"], rateLimit: "upload" },
      onRequest: requireVerified({ email: true, phone: true }),
      schema: {
        summary: "Create a property (JSON, or multipart with device photos)",
        description:
          "JSON: the form's fields (ZCreateProperty). Or multipart/form-data: the field `property` holds that JSON as " +
          "text, and each file in `photos` is a photo from the device (at most 10 MB each; JPEG, PNG, WebP, AVIF, GIF or " +
          "TIFF by content). Device photos come first, then the `images` URLs; the first is the main photo; at most 20. " +
          "A 400's message is the first problem's, word for word. Nothing is stored unless everything is.",
        response: { 201: ZManagedProperty, ...refusals(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const owner = signedInUser(request);
      if (!request.isMultipart()) {
        const input = parseInput(ZCreateProperty, request.body);
        return reply.code(201).send(await service.createProperty(owner, input, []));
      }
      const form = await readPhotoForm(request, service.photos, {
        maxFiles: MAX_PHOTOS_PER_PROPERTY,
        fields: ["property"],
      });
      let input: z.infer<typeof ZCreateProperty>;
      try {
        input = parseInput(ZCreateProperty, propertyField(form.fields.property));
      } catch (error) {
        await service.photos.discard(form.staged);
        throw error;
      }
      return reply.code(201).send(await service.createProperty(owner, input, form.staged));
    },
  );

  app.get(
    "/:id/manage",
    {
      schema: {
        summary: "A property as its owner (or an admin) edits it, inactive ones included",
        params: ZManagedPropertyParams,
        response: { 200: ZManagedProperty, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return service.getManagedProperty(request.params.id, signedInUser(request));
    },
  );

  app.put(
    "/:id",
    {
      schema: {
        summary: "Rewrite a property's fields",
        description:
          "Every field of the form again (ZUpdateProperty) plus the cancellation policy; a missing optional field is " +
          "cleared. Photos have their own routes.",
        params: ZManagedPropertyParams,
        response: { 200: ZManagedProperty, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateProperty(request.params.id, signedInUser(request), parseInput(ZUpdateProperty, request.body)),
  );

  app.post(
    "/:id/status",
    {
      schema: {
        summary: "Activate, deactivate, or mark in maintenance",
        description:
          "active: listed and bookable; inactive: not listed; maintenance: listed but closed to bookings. A listing " +
          "StayLondon removed answers 409 (with the removal's reason) to active and maintenance: only an admin can " +
          "restore it, through /api/admin/properties/{id}/restore.",
        params: ZManagedPropertyParams,
        body: ZPropertyStatusChange,
        response: { 200: ZManagedProperty, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.changeStatus(request.params.id, signedInUser(request), request.body.status),
  );

  app.put(
    "/:id/short-let-permission",
    {
      schema: {
        summary: "Record or clear planning permission for short lets beyond London's 90 nights a year",
        description:
          "permission: the planning decision's reference (3 to 200 characters), or null to clear it. While one is " +
          "recorded, bookings of this London home are not held to the yearly limit. Written to System Logs.",
        params: ZManagedPropertyParams,
        body: ZShortLetPermissionRequest,
        response: { 200: ZManagedProperty, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => service.setShortLetPermission(request.params.id, signedInUser(request), request.body),
  );

  await app.register(propertyPhotosRoutes);
};

export default landlordPropertiesRoutes;

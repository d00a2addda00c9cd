import fastifyMultipart, { type Multipart } from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CERTIFICATE_FILE_FIELD,
  CERTIFICATE_TOO_LARGE,
  MAX_CERTIFICATE_BYTES,
  ZCertificateInput,
  ZComplianceFacts,
} from "../../../../common/entities/certificate";
import { ZCertificateParams, ZCertificateVault, ZListingCertificates } from "../../../../common/schemas/certificates";
import { ZManagedPropertyParams } from "../../../../common/schemas/landlord-properties";
import { ZPropertyRef } from "../../../../common/schemas/properties";
import { gateFolder, signedInUser } from "../../../access/gates";
import { AppError, badRequest, PayloadTooLargeError } from "../../../lib/errors";
import { keepAnswersPrivate } from "../../private-answers";
import { refusals } from "../../refusals";
import { parseInput } from "./photos";

const FIELDS = ["kind", "issuedOn", "expiresOn", "rating", "issuedBy", "sharedWithGuests"] as const;

/** The parser's own errors as answers that say what to fix. */
function formError(error: unknown): Error {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return new PayloadTooLargeError(CERTIFICATE_TOO_LARGE);
  if (code === "FST_FILES_LIMIT") return badRequest("Upload one document at a time");
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") return badRequest("The form has too many fields");
  return badRequest("The upload could not be read: send the certificate as multipart/form-data");
}

/** The form's text fields and its one document, read whole (at most 10 MB, cut off while streaming). */
async function readCertificateForm(parts: AsyncIterableIterator<Multipart>) {
  const fields: Record<string, unknown> = {};
  let file: { bytes: Buffer; filename: string } | undefined;
  try {
    for await (const part of parts) {
      if (part.type === "field") {
        if (!(FIELDS as readonly string[]).includes(part.fieldname)) {
          throw badRequest(`Unknown form field: ${part.fieldname}`);
        }
        if (part.fieldname in fields) throw badRequest(`The form field '${part.fieldname}' is given twice`);
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== CERTIFICATE_FILE_FIELD) throw badRequest(`Unknown form field: ${part.fieldname}`);
      if (file) throw badRequest("Upload one document at a time");
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new PayloadTooLargeError(CERTIFICATE_TOO_LARGE);
      if (bytes.length > 0) file = { bytes, filename: part.filename };
    }
  } catch (error) {
    throw formError(error);
  }
  if (!file)
    throw badRequest(`Choose the certificate's document (a PDF or a photo) in the field '${CERTIFICATE_FILE_FIELD}'`);
  return { fields, file };
}

/**
 * /api/properties/{id}/certificates: the certificate vault, for the property's owner and its current manager (the
 * gate asks for the certificate permission; the record check answers 404 to anyone else). Private answers.
 */
export const certificateVaultRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_CERTIFICATE_BYTES, files: 1, fields: FIELDS.length, parts: FIELDS.length + 1 },
  });
  gateFolder(app, { fallback: ["manage", "certificate"] });
  keepAnswersPrivate(app);
  const certificates = () => app.services.certificates;

  app.get(
    "/:id/certificates",
    {
      schema: {
        summary: "The property's safety certificates and licences: which are needed, their state and history",
        params: ZManagedPropertyParams,
        response: { 200: ZCertificateVault, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => certificates().getVault(signedInUser(request), request.params.id),
  );

  app.put(
    "/:id/certificates/facts",
    {
      schema: {
        summary: "Say whether the home has gas and which licences its borough asks for",
        params: ZManagedPropertyParams,
        body: ZComplianceFacts,
        response: { 200: ZCertificateVault, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => certificates().saveFacts(signedInUser(request), request.params.id, request.body),
  );

  app.post(
    "/:id/certificates",
    {
      config: { rateLimit: "upload" },
      schema: {
        summary: "Upload a certificate (multipart: its fields and the file in `document`)",
        description:
          "kind, issuedOn (the inspection date; not in the future); a licence also gives expiresOn and issuedBy (its " +
          "borough council), an EPC its rating. The expiry of the others is computed: gas safety 12 months, EICR 5 " +
          "years, EPC 10 years. The document is a PDF or a photo, judged by its bytes (else 415), at most 10 MB " +
          "(else 413). A refused upload stores nothing. Renewing a lapsed certificate resumes bookings at once.",
        params: ZManagedPropertyParams,
        response: { 201: ZCertificateVault, ...refusals(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      // Who may upload is known before the upload is read.
      const property = await certificates().keptBy(user, request.params.id);
      if (!request.isMultipart()) {
        throw badRequest(`Send the certificate as multipart/form-data with the file in '${CERTIFICATE_FILE_FIELD}'`);
      }
      let form: Awaited<ReturnType<typeof readCertificateForm>>;
      try {
        form = await readCertificateForm(request.parts());
      } catch (error) {
        // The rest of the body is read and dropped, so the client gets the answer instead of a hung upload.
        request.raw.unpipe();
        request.raw.resume();
        throw error;
      }
      const input = parseInput(ZCertificateInput, form.fields);
      return reply.code(201).send(await certificates().addCertificate(property, user, input, form.file));
    },
  );

  app.get(
    "/:id/certificates/:certificateId/document",
    {
      schema: {
        summary: "A certificate's document (PDF or WebP), for the property's owner or manager",
        params: ZCertificateParams,
        response: refusals(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const { id, certificateId } = request.params;
      const document = await certificates().getDocument(signedInUser(request), id, certificateId);
      return sendDocument(reply, document);
    },
  );
};

function sendDocument(reply: import("fastify").FastifyReply, document: { bytes: Buffer; type: string; name: string }) {
  return reply
    .type(document.type)
    .header("Content-Disposition", `inline; filename="${document.name.replace(/"/g, "")}"`)
    .header("X-Content-Type-Options", "nosniff")
    .send(document.bytes);
}

/** What guests and tenants see: each required certificate's state and dates, and documents the landlord shared. */
export const listingCertificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const certificates = () => app.services.certificates;

  app.get(
    "/:id/certificate-status",
    {
      config: { withoutSession: true },
      schema: {
        summary: "The listing's required safety certificates: state and dates (not the documents)",
        params: ZPropertyRef,
        response: { 200: ZListingCertificates, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-cache");
      return certificates().listingCertificates(request.params.id);
    },
  );

  app.get(
    "/:id/certificates/shared/:certificateId/document",
    {
      config: { withoutSession: true },
      schema: {
        summary: "A certificate's document that the landlord shared with guests",
        params: ZCertificateParams,
        response: refusals(400, 404),
      },
    },
    async (request, reply) => {
      const { id, certificateId } = request.params;
      return sendDocument(reply, await certificates().getSharedDocument(id, certificateId));
    },
  );
};

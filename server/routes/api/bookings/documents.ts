import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZBookingIdParams } from "../../../../common/schemas/bookings";
import { allow, signedInUser } from "../../../access/gates";
import { refusals } from "../../refusals";

/** A PDF as a download, named by what it is: never cached by a shared cache, since it names a person. */
export function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string) {
  return reply
    .header("Content-Type", "application/pdf")
    .header("Content-Disposition", `attachment; filename="${filename}"`)
    .header("Cache-Control", "private, no-store")
    .send(pdf);
}

export const ZPdf = z.string().describe("application/pdf");

/**
 * A guest's documents for a stay: the receipt (once the stay is confirmed), when the platform is VAT-registered the
 * VAT invoice for the service fee, and a credit note when the stay was refunded after either was issued. Only the booking's guest and an admin; the landlord and anyone else get the
 * 404 of a booking that does not exist.
 */
const bookingDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const documents = () => app.services.moneyDocuments;
  const gate = allow("read", "booking");

  app.get(
    "/documents",
    {
      onRequest: gate,
      schema: {
        summary: "Which of my bookings have a receipt or a credit note, and whether VAT invoices are issued",
        response: {
          200: z.object({
            vatRegistered: z.boolean(),
            receiptBookingIds: z.array(z.number().int()),
            creditNoteBookingIds: z.array(z.number().int()),
          }),
          ...refusals(401, 403),
        },
      },
    },
    async (request) => documents().receiptAvailability(signedInUser(request).id),
  );

  const pdfRoutes = [
    {
      path: "/:id/receipt.pdf",
      summary: "A stay's receipt (PDF)",
      description:
        "What the stay charged, what was paid and refunded, from the ledger; numbered R<year>-<number> without " +
        "gaps and kept as first issued. 409 until the stay is confirmed.",
      make: (request: FastifyRequest<{ Params: { id: number } }>) =>
        documents().receiptPdf(signedInUser(request), request.params.id),
      name: "receipt",
    },
    {
      path: "/:id/vat-invoice.pdf",
      summary: "The VAT invoice for a stay's service fee (PDF)",
      description:
        "The platform's own supply only (the accommodation is the landlord's): the fee net, VAT at 20% and " +
        "gross, numbered V<year>-<number>. 409 when the platform is not VAT-registered (VAT_NUMBER unset) or " +
        "the stay is not confirmed.",
      make: (request: FastifyRequest<{ Params: { id: number } }>) =>
        documents().vatInvoicePdf(signedInUser(request), request.params.id),
      name: "vat-invoice",
    },
    {
      path: "/:id/credit-note.pdf",
      summary: "The credit note for a refunded stay (PDF)",
      description:
        "The cancellation refund of a stay whose receipt or VAT invoice was issued before it: the amount credited " +
        "(and the service fee's VAT when it credits a VAT invoice), referring to those documents by number; " +
        "numbered C<year>-<number> without gaps and kept as first issued. 409 when there is nothing to credit.",
      make: (request: FastifyRequest<{ Params: { id: number } }>) =>
        documents().creditNotePdf(signedInUser(request), request.params.id),
      name: "credit-note",
    },
  ];
  for (const route of pdfRoutes) {
    app.get(
      route.path,
      {
        onRequest: gate,
        schema: {
          summary: route.summary,
          description: route.description,
          params: ZBookingIdParams,
          response: { 200: ZPdf, ...refusals(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const { pdf, number } = await route.make(request);
        return sendPdf(reply, pdf, `staylondon-${route.name}-${number}.pdf`);
      },
    );
  }
};

export default bookingDocumentsRoutes;

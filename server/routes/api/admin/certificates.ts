import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZLapsedCertificates } from "../../../../common/schemas/certificates";
import { messageOnlyRefusals } from "../../refusals";

/** /api/admin/certificates: lapsed required certificates across every active listing (the folder's admin gate). */
const adminCertificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/certificates/lapsed",
    {
      config: { access: ["read", "certificate", "any"] },
      schema: {
        summary: "Every lapsed required safety certificate of an active listing, the longest lapsed first",
        response: { 200: ZLapsedCertificates, ...messageOnlyRefusals(401, 403) },
      },
    },
    async () => app.services.certificates.findLapsed(),
  );
};

export default adminCertificatesRoutes;

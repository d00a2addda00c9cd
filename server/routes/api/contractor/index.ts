import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ZContractorEarnings } from "../../../../common/schemas/maintenance";
import { gateFolder, signedInUser } from "../../../access/gates";
import { refusals } from "../../refusals";

/** /api/contractor: the contractor's own figures, behind one gate for the folder. */
const contractorRoutes: FastifyPluginAsyncZod = async (app) => {
  gateFolder(app);

  app.get(
    "/earnings",
    {
      config: { access: ["read", "earnings"] },
      schema: {
        summary: "The contractor's earnings: completed jobs' final costs by London month of completion, paid or not",
        description:
          "months: the last 12, oldest first, months without work as zeros. totals: over all time, and this month.",
        response: { 200: ZContractorEarnings, ...refusals(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return app.services.maintenanceJobs.earnings(signedInUser(request));
    },
  );
};

export default contractorRoutes;

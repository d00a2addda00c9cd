import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZAuditLogEntry, ZSystemLogsQuery } from "../../../../common/schemas/audit-logs";
import { sendPage } from "../../../lib/paging";
import { messageOnlyRefusals } from "../../refusals";

/** GET /api/admin/system-logs: the audit log, for admins only (the admin folder's gate). */
const systemLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/system-logs",
    {
      config: { access: ["read", "audit-log"] },
      schema: {
        summary: "System Logs: audit entries, newest first",
        description:
          "Filters: type (error, warning, success, info), user (part of a name or e-mail), userId, from and to " +
          "(London dates, inclusive). Paged with page and pageSize; the match count is in X-Total-Count.",
        querystring: ZSystemLogsQuery,
        response: { 200: z.array(ZAuditLogEntry), ...messageOnlyRefusals(400, 401, 403) },
      },
    },
    async (request, reply) => sendPage(reply, await app.services.auditLogs.findEntries(request.query)),
  );
};

export default systemLogsRoutes;

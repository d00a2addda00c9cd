import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../lib/errors";
import { PG, pgErrorCode } from "../lib/postgres-errors";
import type { PageSender } from "./page-rendering";

type ValidationIssue = { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> };

const CONTEXT_NAMES: Record<string, string> = {
  querystring: "Query parameter",
  params: "Path parameter",
  body: "Body field",
  headers: "Header",
};

/** One readable sentence per problem, e.g. "Unknown query parameter: colour". */
function describeIssue(issue: ValidationIssue, context: string | undefined): string {
  const where = CONTEXT_NAMES[context ?? ""] ?? "Field";
  if (issue.keyword === "unrecognized_keys") {
    const keys = (issue.params.keys as string[] | undefined) ?? [];
    return `Unknown ${where.toLowerCase()}${keys.length > 1 ? "s" : ""}: ${keys.join(", ")}`;
  }
  const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
  const message = issue.message ?? "is invalid";
  return field && !message.toLowerCase().startsWith(field.toLowerCase()) ? `${field}: ${message}` : message;
}

/**
 * Every error leaves as JSON `{ message }`. Client mistakes get their 4xx with a message that says what
 * to fix; anything unexpected is logged and answered with a 500 that reveals nothing.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}

/**
 * Unknown paths: a JSON 404 for the API, media and anything but a page load; a page load gets the page
 * (when the client is built), drawn on the server for public pages, so client routes open directly and
 * an unknown page is the site's own 404 page.
 */
export function registerNotFound(app: FastifyInstance, sendPage: PageSender | null): void {
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isPageLoad =
      sendPage !== null &&
      (request.method === "GET" || request.method === "HEAD") &&
      !/^\/(api|media)(\/|$)/.test(pathname);
    if (!isPageLoad) {
      return reply.code(404).send({ message: `No such endpoint: ${request.method} ${pathname}` });
    }
    return sendPage(request, reply);
  });
}

function handleError(this: FastifyInstance, error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation as unknown as ValidationIssue[];
    const message = issues.map((i) => describeIssue(i, error.validationContext)).join("; ");
    return reply.code(400).send({ message });
  }
  if (error instanceof AppError) {
    return reply.code(error.status).send({ message: error.message, ...error.details });
  }
  const code = pgErrorCode(error);
  if (code === PG.CHARACTER_NOT_IN_REPERTOIRE || code === PG.UNTRANSLATABLE_CHARACTER) {
    // The text guard stops NUL before a route runs; this catches text that reached SQL some other way.
    return reply.code(400).send({ message: "The text contains a character that cannot be stored" });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors: malformed JSON, body too large, unsupported media type…
    return reply.code(status).send({ message: error.message });
  }
  request.log.error({ err: error }, "unhandled error");
  return reply.code(500).send({
    message: "Something went wrong on our side. Please try again.",
    // Quoted to support, it leads to this request's log lines on whichever instance served it.
    requestId: request.id,
  });
}

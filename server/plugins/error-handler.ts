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
 * Unknown paths: a page load gets the page (when the client is built), drawn on the server for public pages, so
 * client routes open directly and an unknown page is the site's own 404 page. Anything no browser shows as a page
 * (the API, media, calendar feeds, metrics, a missing script or image, a request that does not accept HTML) gets a
 * small JSON 404 instead of the whole page with its stylesheet.
 */
export function registerNotFound(app: FastifyInstance, sendPage: PageSender | null): void {
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (sendPage === null || !isPageLoad(request, pathname)) {
      return reply.code(404).send({ message: `No such endpoint: ${request.method} ${pathname}` });
    }
    return sendPage(request, reply);
  });
}

/** Paths that are never pages: machine endpoints and the folders of files. */
const NOT_PAGES = /^\/(api|media|ical|metrics|assets)(\/|$)/;
/** A last segment with an extension (/favicon.ico, /old-chunk.js) names a file; pages have none. */
const FILE_NAME = /\/[^/]*\.[a-z0-9]+$/i;

function isPageLoad(request: FastifyRequest, pathname: string): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (NOT_PAGES.test(pathname) || FILE_NAME.test(pathname)) return false;
  // Browsers say what a request is for: a script, image or fetch is not a navigation.
  const destination = request.headers["sec-fetch-dest"];
  if (typeof destination === "string" && destination !== "document" && destination !== "iframe") return false;
  return acceptsHtml(request.headers.accept);
}

/**
 * Whether an Accept header lets the answer be HTML: no header accepts anything; otherwise a range that covers
 * text/html (text/html, text/*, or any type at all) with a quality above zero.
 */
export function acceptsHtml(accept: string | undefined): boolean {
  if (!accept) return true;
  return accept.split(",").some((range) => {
    const [type = "", ...parameters] = range.split(";").map((part) => part.trim().toLowerCase());
    if (type !== "text/html" && type !== "text/*" && type !== "*/*" && type !== "application/xhtml+xml") return false;
    const quality = parameters.find((p) => p.startsWith("q="));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

function handleError(this: FastifyInstance, error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation as unknown as ValidationIssue[];
    const message = issues.map((i) => describeIssue(i, error.validationContext)).join("; ");
    return reply.code(400).send({ message });
  }
  if (error instanceof AppError) {
    // Each kind of refusal carries its status from one table (ERROR_STATUS); `reason` stays in the audit rows.
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

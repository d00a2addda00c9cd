import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import {
  AppError,
  badRequest,
  ConflictError,
  ERROR_STATUS,
  ForbiddenError,
  GoneError,
  InvalidInputError,
  NotFoundError,
  notFound,
  PayloadTooLargeError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  UnprocessableError,
  UnsupportedMediaTypeError,
  UpstreamError,
} from "../../server/lib/errors";
import { registerErrorHandling } from "../../server/plugins/error-handler";

/** Services say what kind of refusal it is; the status each kind answers with is chosen in one table. */
describe("kinds of refusal", () => {
  it.each([
    { Kind: InvalidInputError, status: 400 },
    { Kind: UnauthorizedError, status: 401 },
    { Kind: ForbiddenError, status: 403 },
    { Kind: NotFoundError, status: 404 },
    { Kind: ConflictError, status: 409 },
    { Kind: GoneError, status: 410 },
    { Kind: PayloadTooLargeError, status: 413 },
    { Kind: UnsupportedMediaTypeError, status: 415 },
    { Kind: UnprocessableError, status: 422 },
    { Kind: TooManyRequestsError, status: 429 },
    { Kind: UpstreamError, status: 502 },
    { Kind: ServiceUnavailableError, status: 503 },
  ] as const)("$Kind.name answers $status", ({ Kind, status }) => {
    const error = new Kind("Why it was refused", { hint: true }, "audit_reason");
    expect(error.status).toBe(status);
    expect(ERROR_STATUS[Kind.name as keyof typeof ERROR_STATUS]).toBe(status);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe("Why it was refused");
    expect(error.details).toEqual({ hint: true });
    expect(error.reason).toBe("audit_reason");
  });

  it("names a class for every status in the table", () => {
    expect(Object.keys(ERROR_STATUS)).toHaveLength(12);
    expect(new Set(Object.values(ERROR_STATUS)).size).toBe(12);
  });

  it("keeps the shorthands for a missing record and a bad request", () => {
    expect(notFound()).toBeInstanceOf(NotFoundError);
    expect(notFound()).toMatchObject({ status: 404, message: "Not found" });
    expect(badRequest("Bad dates")).toBeInstanceOf(InvalidInputError);
    expect(badRequest("Bad dates")).toMatchObject({ status: 400, message: "Bad dates" });
  });
});

describe("the error handler", () => {
  const app = Fastify();
  registerErrorHandling(app);
  app.get("/taken", async () => {
    throw new ConflictError("These dates are no longer available.", { alternatives: 2 }, "dates_taken");
  });
  app.get("/legacy", async () => {
    throw new AppError(410, "This listing has been removed.");
  });
  afterAll(() => app.close());

  it("answers a ConflictError with 409, its message and details, and keeps the audit reason to itself", async () => {
    const response = await app.inject({ method: "GET", url: "/taken" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: "These dates are no longer available.", alternatives: 2 });
  });

  it("still answers an AppError made with a bare status", async () => {
    const response = await app.inject({ method: "GET", url: "/legacy" });
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({ message: "This listing has been removed." });
  });
});

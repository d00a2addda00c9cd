/**
 * The HTTP status of each kind of refusal, chosen here and nowhere else: services say what went wrong (not found,
 * a clash, too many tries) and the error handler answers with the status this table gives it.
 */
export const ERROR_STATUS = {
  /** The request itself is wrong: a field, a combination, a code that does not match. */
  InvalidInputError: 400,
  /** Not signed in, or the sign-in (password, code, passkey) did not prove who it is. */
  UnauthorizedError: 401,
  /** Signed in, but this person may not do this (role, verification, approval, frozen account). */
  ForbiddenError: 403,
  /** No such record, or none this person may see. */
  NotFoundError: 404,
  /** The record's current state does not allow it: taken dates, a duplicate, a step already done. */
  ConflictError: 409,
  /** It existed once and is gone for good: an expired upload, a removed listing. */
  GoneError: 410,
  /** The upload is bigger than allowed. */
  PayloadTooLargeError: 413,
  /** The upload is not a kind of file we take. */
  UnsupportedMediaTypeError: 415,
  /** Well-formed, but not something we can act on: terms the stay breaks, a feed that is not a calendar. */
  UnprocessableError: 422,
  /** Over a limit of tries; waiting helps. */
  TooManyRequestsError: 429,
  /** A partner we rely on (the card processor) refused or failed. */
  UpstreamError: 502,
  /** We cannot do it right now: a service is not set up here or cannot be reached; trying later may work. */
  ServiceUnavailableError: 503,
} as const;

export type ErrorKind = keyof typeof ERROR_STATUS;
/** The statuses a refusal may answer with. */
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorKind];

/**
 * What every refusal is: the error handler sends `status` with `{ message, ...details }`. Throw one of the kinds
 * below; constructing an AppError with a bare status is left for code that has not moved to them yet.
 */
export class AppError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly details?: Record<string, unknown>,
    /** A short code for audit rows (login_attempts.failure_reason); never sent to the client. */
    readonly reason?: string,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** A kind of refusal whose status comes from ERROR_STATUS. */
function kind(name: ErrorKind) {
  return class extends AppError {
    constructor(message: string, details?: Record<string, unknown>, reason?: string) {
      super(ERROR_STATUS[name], message, details, reason);
      this.name = name;
    }
  };
}

export class InvalidInputError extends kind("InvalidInputError") {}
export class UnauthorizedError extends kind("UnauthorizedError") {}
export class ForbiddenError extends kind("ForbiddenError") {}
export class NotFoundError extends kind("NotFoundError") {}
export class ConflictError extends kind("ConflictError") {}
export class GoneError extends kind("GoneError") {}
export class PayloadTooLargeError extends kind("PayloadTooLargeError") {}
export class UnsupportedMediaTypeError extends kind("UnsupportedMediaTypeError") {}
export class UnprocessableError extends kind("UnprocessableError") {}
export class TooManyRequestsError extends kind("TooManyRequestsError") {}
export class UpstreamError extends kind("UpstreamError") {}
export class ServiceUnavailableError extends kind("ServiceUnavailableError") {}

export const notFound = (message = "Not found") => new NotFoundError(message);
export const badRequest = (message: string) => new InvalidInputError(message);

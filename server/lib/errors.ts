/** The statuses a refusal may answer with. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503;

/** The one error type services throw; the error handler maps `status` to the HTTP answer. */
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

export const notFound = (message = "Not found") => new AppError(404, message);
export const badRequest = (message: string) => new AppError(400, message);

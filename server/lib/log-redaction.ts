import { TAX_IDENTIFIER_FIELDS } from "../../common/entities/tax-details";

/**
 * Fields whose values never reach a log line in clear, wherever in a logged object they sit (a request body, a
 * service's input, an error's details): a seller's tax identifiers. The app does not log bodies today; this holds
 * should anyone log one while debugging, so a log shipped elsewhere never carries an NI number or a UTR.
 */
export const LOG_REDACT_PATHS = TAX_IDENTIFIER_FIELDS.flatMap((field) => [
  field,
  `*.${field}`,
  `*.*.${field}`,
  `*.*.*.${field}`,
]);

/** pino's redaction: the paths above, each value replaced by a marker that says it was there. */
export const LOG_REDACTION = { paths: LOG_REDACT_PATHS, censor: "[redacted]" };

import { ZAccessRefusal } from "../../../../common/schemas/auth";
import { ZErrorResponse } from "../../../../common/schemas/errors";

/** What a person's own-account routes may refuse with: bad input, signed out, not allowed, none, clash, too many. */
export const ACCOUNT_REFUSALS = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZAccessRefusal,
  404: ZErrorResponse,
  409: ZErrorResponse,
  429: ZErrorResponse,
};

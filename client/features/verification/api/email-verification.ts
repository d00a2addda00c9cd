import { ZMessageResponse, ZVerifyEmailResponse } from "@common/schemas/auth";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { ApiError, apiRequest, parseJson } from "@/lib/api-client";

/** Loading, then success, expired or error. */
export type EmailVerificationResult =
  | { state: "loading" }
  | { state: "success"; message: string }
  | { state: "expired"; message: string }
  | { state: "error"; message: string };

export const NO_TOKEN_MESSAGE = "No verification token provided";
const NETWORK_ERROR_MESSAGE = "Network error occurred during verification";
const FALLBACK_ERROR_MESSAGE = "Verification failed";

/** The server's `{message, expired}` from a failed answer, when it sent one. */
function readFailure(error: ApiError): { message?: string; expired: boolean } {
  try {
    const parsed = ZVerifyEmailResponse.partial().safeParse(JSON.parse(error.body));
    if (parsed.success) return { message: parsed.data.message, expired: parsed.data.expired === true };
  } catch {
    // Not JSON (a proxy's error page, say): fall through to the generic message.
  }
  return { message: error.serverMessage, expired: false };
}

/** POST /api/auth/verify-email?token=…, mapped to the page's states. */
export async function verifyEmailToken(token: string): Promise<Exclude<EmailVerificationResult, { state: "loading" }>> {
  let res: Response;
  try {
    res = await apiRequest("POST", `/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  } catch (error) {
    if (!(error instanceof ApiError)) return { state: "error", message: NETWORK_ERROR_MESSAGE };
    const failure = readFailure(error);
    if (failure.expired) return { state: "expired", message: failure.message ?? "This verification link has expired." };
    return { state: "error", message: failure.message || FALLBACK_ERROR_MESSAGE };
  }
  const body = await parseJson(res, ZVerifyEmailResponse).catch(() => null);
  return body ? { state: "success", message: body.message } : { state: "error", message: FALLBACK_ERROR_MESSAGE };
}

/**
 * Verifies the link's token once. A token works only once, so the POST must not run twice: React 19's StrictMode
 * mounts the page twice, and a reload of the cache would post again. Held as a query keyed by the token, both
 * mounts share one request; the result never goes stale or out of the cache for the life of the page. The query
 * deliberately ignores the abort signal: cancelling on the StrictMode unmount would make the remount post again.
 */
export function useEmailVerification(token: string | null): EmailVerificationResult {
  const hasToken = token !== null && token.trim() !== "";
  const query = useQuery({
    queryKey: ["verification", "email-token", token],
    queryFn: () => verifyEmailToken(token ?? ""),
    enabled: hasToken,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
  if (!hasToken) return { state: "error", message: NO_TOKEN_MESSAGE };
  if (query.data) return query.data;
  if (query.isError) return { state: "error", message: FALLBACK_ERROR_MESSAGE };
  return { state: "loading" };
}

/**
 * POST /api/auth/send-email-verification. Signed in: an empty body (the server knows the address). Signed out: the
 * address typed in, and the server answers the same whether or not an account has it.
 */
export async function sendEmailVerification(email?: string): Promise<string> {
  const res = await apiRequest("POST", "/api/auth/send-email-verification", email ? { email } : undefined);
  return (await parseJson(res, ZMessageResponse)).message;
}

/** 'Email verification sent' on success, 'Failed to send verification' with the server's message. */
export function useSendEmailVerification() {
  return useMutation({
    mutationFn: (email?: string) => sendEmailVerification(email),
    onSuccess: (message) => toast({ title: "Email verification sent", description: message }),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Failed to send verification",
        description: failureMessage(error),
      }),
  });
}

/** The server's message, or a plain explanation when the request did not reach it. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? "Something went wrong. Please try again.";
  return "We could not reach StayLondon. Please check your connection and try again.";
}

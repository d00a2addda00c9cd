import { type TPasskeyRegistration, ZPasskey, ZWebAuthnOptions } from "@common/schemas/passkeys";
import { type TTwoFactorProof, ZRecoveryCodes, ZTwoFactorSetup, ZTwoFactorStatus } from "@common/schemas/two-factor";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest, getJson, parseJson } from "@/lib/api-client";

const ZMessage = z.object({ message: z.string() });

export const securityKeys = {
  twoFactor: ["account", "two-factor"] as const,
  passkeys: ["account", "passkeys"] as const,
};

export const twoFactorQueryOptions = queryOptions({
  queryKey: securityKeys.twoFactor,
  queryFn: ({ signal }) => getJson("/api/account/two-factor", ZTwoFactorStatus, { signal }),
});

export const passkeysQueryOptions = queryOptions({
  queryKey: securityKeys.passkeys,
  queryFn: ({ signal }) => getJson("/api/account/passkeys", ZPasskey.array(), { signal }),
});

/** POST /api/account/two-factor/setup: a new secret, pending until confirmed. */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: async () => parseJson(await apiRequest("POST", "/api/account/two-factor/setup"), ZTwoFactorSetup),
  });
}

/**
 * Confirm, turn off, new recovery codes: each changes what Profile shows about two-factor, and the first two what
 * the session knows (`onChanged` reads the signed-in user again: an administrator's pages open once it is on).
 */
function useTwoFactorChange<TInput, TOutput>(
  request: (input: TInput) => Promise<TOutput>,
  onChanged?: () => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor }), onChanged?.()]),
  });
}

/**
 * POST /api/account/two-factor/confirm. What Profile and the session show is read again only once the recovery codes
 * have been put away (`useTwoFactorChanged`): reading it at once would redraw the card and lose the codes on screen.
 */
export const useConfirmTwoFactor = () =>
  useMutation({
    mutationFn: async (code: string) =>
      parseJson(await apiRequest("POST", "/api/account/two-factor/confirm", { code }), ZRecoveryCodes),
  });

/** Reads two-factor's state and the signed-in user again. */
export function useTwoFactorChanged(onChanged: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor }), onChanged()]);
}

export const useDisableTwoFactor = (onChanged: () => Promise<unknown>) =>
  useTwoFactorChange(
    async (proof: TTwoFactorProof) =>
      parseJson(await apiRequest("POST", "/api/account/two-factor/disable", proof), ZMessage),
    onChanged,
  );

export const useRegenerateRecoveryCodes = () =>
  useTwoFactorChange(async (proof: TTwoFactorProof) =>
    parseJson(await apiRequest("POST", "/api/account/two-factor/recovery-codes", proof), ZRecoveryCodes),
  );

function usePasskeyChange<TInput, TOutput>(request: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.passkeys }),
  });
}

/**
 * Adds a passkey: the server's options, the browser's own passkey prompt, and the answer sent back. The WebAuthn
 * helper is loaded only now, on the click, so no page pays for it up front.
 */
export const useAddPasskey = () =>
  usePasskeyChange(async () => {
    const { startRegistration } = await import("@simplewebauthn/browser");
    const options = await parseJson(await apiRequest("POST", "/api/account/passkeys/options"), ZWebAuthnOptions);
    const credential = await startRegistration({ optionsJSON: options as never });
    const body: TPasskeyRegistration = { credential: credential as TPasskeyRegistration["credential"] };
    return parseJson(await apiRequest("POST", "/api/account/passkeys", body), ZPasskey);
  });

export const useRenamePasskey = () =>
  usePasskeyChange(async ({ id, name }: { id: number; name: string }) =>
    parseJson(await apiRequest("PATCH", `/api/account/passkeys/${id}`, { name }), ZPasskey),
  );

export const useRemovePasskey = () =>
  usePasskeyChange(async (id: number) => {
    await apiRequest("DELETE", `/api/account/passkeys/${id}`);
  });

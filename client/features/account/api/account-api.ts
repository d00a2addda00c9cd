import {
  type TAccountClosure,
  type TEmailChangeRequest,
  type TEmailPreferences,
  type TPasswordChange,
  type TPhoneChangeConfirm,
  type TPhoneChangeRequest,
  type TProfileUpdate,
  ZAccountClosureStatus,
  ZAccountSession,
  ZEmailPreferencesView,
  ZProfilePhoto,
  ZSessionsEnded,
} from "@common/schemas/account";
import { ZPhoneCodeSent } from "@common/schemas/auth";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest, getJson, parseJson } from "@/lib/api-client";
import { sendOnePhoto } from "@/lib/photo-uploads";

const ZMessage = z.object({ message: z.string() });

export const accountKeys = { sessions: ["account", "sessions"] as const };

export const accountSessionsQueryOptions = queryOptions({
  queryKey: accountKeys.sessions,
  queryFn: ({ signal }) => getJson("/api/account/sessions", ZAccountSession.array(), { signal }),
});

/** PATCH /api/account/profile; `onSaved` reads the signed-in user again, so the header shows the new name. */
export function useUpdateProfile(onSaved: () => Promise<unknown>) {
  return useMutation({
    mutationFn: async (input: TProfileUpdate) =>
      parseJson(await apiRequest("PATCH", "/api/account/profile", input), ZMessage),
    onSuccess: onSaved,
  });
}

/** POST /api/account/password: the other devices are signed out, so their list is read again; so is the user. */
export function useChangePassword(onSaved: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TPasswordChange) =>
      parseJson(await apiRequest("POST", "/api/account/password", input), ZMessage),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: accountKeys.sessions }), onSaved()]),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest("DELETE", `/api/account/sessions/${id}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      parseJson(await apiRequest("POST", "/api/account/sessions/sign-out-others"), ZSessionsEnded),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** POST /api/account/email: a link goes to the new address; nothing changes yet. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: async (input: TEmailChangeRequest) =>
      parseJson(await apiRequest("POST", "/api/account/email", input), ZMessage),
  });
}

/** POST /api/account/email/confirm or …/undo, with the token of the link that was opened. */
export function useEmailChangeLink(kind: "confirm" | "undo", onDone: () => Promise<unknown>) {
  return useMutation({
    mutationFn: async (token: string) =>
      parseJson(await apiRequest("POST", `/api/account/email/${kind}`, { token }), ZMessage),
    onSuccess: onDone,
  });
}

const PROFILE_PHOTO_ROUTES = {
  tickets: "/api/account/photo/uploads",
  complete: (uploadId: string) => `/api/account/photo/uploads/${uploadId}/complete`,
  form: "/api/account/photo",
  field: "photo",
};

/**
 * The profile photo, sent as listing photos are (straight to the photo store when there is one); `onSaved` reads the
 * signed-in user again, so the header and menus show the new photo.
 */
export function useUploadProfilePhoto(onSaved: () => Promise<unknown>, onProgress: (percent: number) => void) {
  return useMutation({
    mutationFn: async (file: File) => ZProfilePhoto.parse(await sendOnePhoto(PROFILE_PHOTO_ROUTES, file, onProgress)),
    onSuccess: onSaved,
  });
}

export function useRemoveProfilePhoto(onSaved: () => Promise<unknown>) {
  return useMutation({
    mutationFn: async () => parseJson(await apiRequest("DELETE", "/api/account/photo"), ZProfilePhoto),
    onSuccess: onSaved,
  });
}

/** POST /api/account/phone: a code to the new number; the account keeps its number until it comes back. */
export function useSendPhoneChangeCode() {
  return useMutation({
    mutationFn: async (input: TPhoneChangeRequest) =>
      parseJson(await apiRequest("POST", "/api/account/phone", input), ZPhoneCodeSent),
  });
}

/** POST /api/account/phone/verify: the new number becomes the account's, verified. */
export function useConfirmPhoneChange(onSaved: () => Promise<unknown>) {
  return useMutation({
    mutationFn: async (input: TPhoneChangeConfirm) =>
      parseJson(await apiRequest("POST", "/api/account/phone/verify", input), ZMessage),
    onSuccess: onSaved,
  });
}

export const emailPreferencesQueryOptions = queryOptions({
  queryKey: ["account", "email-preferences"] as const,
  queryFn: ({ signal }) => getJson("/api/account/email-preferences", ZEmailPreferencesView, { signal }),
});

/** PUT /api/account/email-preferences: the answer is the saved choice, put straight into the cache. */
export function useSaveEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TEmailPreferences) =>
      parseJson(await apiRequest("PUT", "/api/account/email-preferences", input), ZEmailPreferencesView),
    onSuccess: (saved) => queryClient.setQueryData(emailPreferencesQueryOptions.queryKey, saved),
  });
}

export const closureStatusQueryOptions = queryOptions({
  queryKey: ["account", "closure"] as const,
  queryFn: ({ signal }) => getJson("/api/account/closure", ZAccountClosureStatus, { signal }),
});

/** POST /api/account/close: the session ends with it, so whoever calls this leaves for the home page. */
export function useCloseAccount() {
  return useMutation({
    mutationFn: async (input: TAccountClosure) =>
      parseJson(await apiRequest("POST", "/api/account/close", input), ZMessage),
  });
}

/** POST /api/email/unsubscribe: the token from the link in the e-mail; no sign-in needed. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: async (token: string) =>
      parseJson(await apiRequest("POST", "/api/email/unsubscribe", { token }), ZMessage),
  });
}

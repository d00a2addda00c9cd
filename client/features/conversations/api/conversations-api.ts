import type { TPostMessage, TStartEnquiry } from "@common/schemas/messages";
import { ZEnquiryStarted, ZThread, ZThreadMessage, ZThreadSummary } from "@common/schemas/messages";
import {
  type TPostManagerMessage,
  ZManagerMessage,
  ZManagerThread,
  ZManagerThreadSummaries,
} from "@common/schemas/property-management";
import { keepPreviousData, type QueryKey, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest, getJson, getPage, parseJson } from "@/lib/api-client";
import { publicMessageKeys } from "./public-conversations-api";

/**
 * Both kinds of conversation: a guest's with a host (/api/messages, the inbox) and a property owner's with its manager
 * (/api/manager-threads, one per assignment). They are read and written the same way: opening one marks it read on
 * the server, so whatever counts unread messages is asked again, and a message sent refreshes everything of its kind.
 */

export const INBOX_PAGE_SIZE = 20;

/** Guest–host conversations: everything under `all`, the unread count included. */
export const messageKeys = {
  all: ["messages"] as const,
  lists: ["messages", "inbox"] as const,
  inbox: (page: number) => ["messages", "inbox", page] as const,
  thread: (threadId: number) => ["messages", "thread", threadId] as const,
  unread: publicMessageKeys.unread,
};

export const managerThreadKeys = {
  all: ["manager-threads"] as const,
  list: () => ["manager-threads", "list"] as const,
  thread: (assignmentId: number) => ["manager-threads", "thread", assignmentId] as const,
};

/** One conversation. `stale`: what reading it makes out of date (the lists and counts of unread messages). */
function useReadConversation<TSchema extends z.ZodType>(
  queryKey: QueryKey,
  url: string,
  schema: TSchema,
  {
    stale,
    onRead,
    refetchInterval,
  }: { stale: QueryKey[]; onRead?: (() => void) | undefined; refetchInterval?: number },
) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const thread = await getJson(url, schema, { signal });
      for (const key of stale) void queryClient.invalidateQueries({ queryKey: key });
      onRead?.();
      return thread;
    },
    // Someone not on the conversation gets a 404; asking again will not change that.
    retry: false,
    ...(refetchInterval ? { refetchInterval } : {}),
  });
}

/** Sends to `url`; on success everything under `refresh` (the conversation, its lists, the counts) is asked again. */
function useSend<TBody, TSchema extends z.ZodType>(url: string, schema: TSchema, refresh: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TBody) => parseJson(await apiRequest("POST", url, body), schema),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: refresh });
    },
  });
}

// ---------------------------------------------------------------- guest ↔ host (the inbox)

/** The signed-in user's conversations, a page at a time (the latest first). */
export function useInbox(page: number) {
  return useQuery({
    queryKey: messageKeys.inbox(page),
    queryFn: ({ signal }) =>
      getPage(`/api/messages/threads?page=${page}&pageSize=${INBOX_PAGE_SIZE}`, ZThreadSummary, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One conversation of the inbox; the inbox and the header's count are refreshed as it is read. */
export function useThread(threadId: number) {
  return useReadConversation(messageKeys.thread(threadId), `/api/messages/threads/${threadId}`, ZThread, {
    stale: [messageKeys.lists, messageKeys.unread],
    // A reply from the other side shows up while the conversation is open.
    refetchInterval: 30_000,
  });
}

export function usePostMessage(threadId: number) {
  return useSend<TPostMessage, typeof ZThreadMessage>(
    `/api/messages/threads/${threadId}/messages`,
    ZThreadMessage,
    messageKeys.all,
  );
}

export function useStartEnquiry() {
  return useSend<TStartEnquiry, typeof ZEnquiryStarted>("/api/messages/enquiries", ZEnquiryStarted, messageKeys.all);
}

/** The booking's conversation, started by whoever opens it first; answers its id. */
export async function openBookingThread(bookingId: number): Promise<number> {
  const response = await apiRequest("POST", `/api/messages/bookings/${bookingId}/thread`);
  return ((await response.json()) as { threadId: number }).threadId;
}

// ---------------------------------------------------------------- owner ↔ manager (one per assignment)

export function useManagerThreads() {
  return useQuery({
    queryKey: managerThreadKeys.list(),
    queryFn: ({ signal }) => getJson("/api/manager-threads", ZManagerThreadSummaries, { signal }),
  });
}

/** `onRead`: told each time the thread is read (and so marked read), for counts kept outside this feature. */
export function useManagerThread(assignmentId: number, onRead?: () => void) {
  return useReadConversation(
    managerThreadKeys.thread(assignmentId),
    `/api/manager-threads/${assignmentId}`,
    ZManagerThread,
    { stale: [managerThreadKeys.list()], onRead },
  );
}

export function usePostManagerMessage(assignmentId: number) {
  return useSend<TPostManagerMessage, typeof ZManagerMessage>(
    `/api/manager-threads/${assignmentId}/messages`,
    ZManagerMessage,
    managerThreadKeys.all,
  );
}

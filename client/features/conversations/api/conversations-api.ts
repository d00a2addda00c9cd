import type { TPostMessage, TStartEnquiry } from "@common/schemas/messages";
import { ZEnquiryStarted, ZThread, ZThreadMessage, ZThreadSummary } from "@common/schemas/messages";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson, getPage, parseJson } from "@/lib/api-client";
import { messageKeys } from "./public-conversations-api";

export const INBOX_PAGE_SIZE = 20;

/** The signed-in user's conversations, a page at a time (the latest first). */
export function useInbox(page: number) {
  return useQuery({
    queryKey: messageKeys.inbox(page),
    queryFn: ({ signal }) =>
      getPage(`/api/messages/threads?page=${page}&pageSize=${INBOX_PAGE_SIZE}`, ZThreadSummary, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One conversation. Reading it marks it read on the server, so the inbox and the header's count are refreshed. */
export function useThread(threadId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messageKeys.thread(threadId),
    queryFn: async ({ signal }) => {
      const thread = await getJson(`/api/messages/threads/${threadId}`, ZThread, { signal });
      void queryClient.invalidateQueries({ queryKey: messageKeys.lists });
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
      return thread;
    },
    // Someone not on the conversation gets a 404; asking again will not change that.
    retry: false,
    // A reply from the other side shows up while the conversation is open.
    refetchInterval: 30_000,
  });
}

export function usePostMessage(threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: TPostMessage) =>
      parseJson(await apiRequest("POST", `/api/messages/threads/${threadId}/messages`, message), ZThreadMessage),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: messageKeys.all });
    },
  });
}

export function useStartEnquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (enquiry: TStartEnquiry) =>
      parseJson(await apiRequest("POST", "/api/messages/enquiries", enquiry), ZEnquiryStarted),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: messageKeys.all });
    },
  });
}

/** The booking's conversation, started by whoever opens it first; answers its id. */
export async function openBookingThread(bookingId: number): Promise<number> {
  const response = await apiRequest("POST", `/api/messages/bookings/${bookingId}/thread`);
  return ((await response.json()) as { threadId: number }).threadId;
}

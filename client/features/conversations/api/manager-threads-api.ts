import {
  type TPostManagerMessage,
  ZManagerMessage,
  ZManagerThread,
  ZManagerThreadSummaries,
} from "@common/schemas/property-management";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson, parseJson } from "@/lib/api-client";

/**
 * The conversation between a property's manager and its owner, one thread per assignment. Opening a thread marks it
 * read on the server, so the list (and its unread counts) is refreshed after every read and every message.
 */
export const threadKeys = {
  all: ["manager-threads"] as const,
  list: () => ["manager-threads", "list"] as const,
  thread: (assignmentId: number) => ["manager-threads", "thread", assignmentId] as const,
};

export function useManagerThreads() {
  return useQuery({
    queryKey: threadKeys.list(),
    queryFn: ({ signal }) => getJson("/api/manager-threads", ZManagerThreadSummaries, { signal }),
  });
}

/** `onRead`: told each time the thread is read (and so marked read), for counts kept outside this feature. */
export function useManagerThread(assignmentId: number, onRead?: () => void) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: threadKeys.thread(assignmentId),
    queryFn: async ({ signal }) => {
      const thread = await getJson(`/api/manager-threads/${assignmentId}`, ZManagerThread, { signal });
      // Reading it marked it read: the unread counts elsewhere are now stale.
      void queryClient.invalidateQueries({ queryKey: threadKeys.list() });
      onRead?.();
      return thread;
    },
    // Someone not on the thread gets a 404; asking again will not change that.
    retry: false,
  });
}

export function usePostManagerMessage(assignmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: TPostManagerMessage) =>
      parseJson(await apiRequest("POST", `/api/manager-threads/${assignmentId}/messages`, message), ZManagerMessage),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: threadKeys.all });
    },
  });
}

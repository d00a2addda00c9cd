import type { SupportStatus } from "@common/domain/support";
import {
  type TCreateSupportTicket,
  ZAdminSupportTicket,
  ZAdminSupportTicketDetail,
  ZSupportTicket,
  ZSupportTicketCreated,
  ZSupportTicketDetail,
} from "@common/schemas/support";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson, getPage, parseJson } from "@/lib/api-client";

/** The person's side under ["support"]; the team's under ["admin", …], refreshed with every admin read. */
export const supportKeys = {
  mine: ["support", "mine"] as const,
  ticket: (id: number) => ["support", "ticket", id] as const,
  queue: (status: SupportStatus, page: number) => ["admin", "support", status, page] as const,
  teamTicket: (id: number) => ["admin", "support", "ticket", id] as const,
};

export const mySupportTicketsQueryOptions = queryOptions({
  queryKey: supportKeys.mine,
  queryFn: ({ signal }) => getJson("/api/support/tickets", ZSupportTicket.array(), { signal }),
});

export function supportTicketQueryOptions(id: number) {
  return queryOptions({
    queryKey: supportKeys.ticket(id),
    queryFn: ({ signal }) => getJson(`/api/support/tickets/${id}`, ZSupportTicketDetail, { signal }),
    retry: false,
  });
}

/** POST /api/support/tickets: the contact form. */
export function useCreateSupportTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TCreateSupportTicket) =>
      parseJson(await apiRequest("POST", "/api/support/tickets", input), ZSupportTicketCreated),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.mine }),
  });
}

/** POST /api/support/tickets/{id}/messages: the person adds to their request. */
export function useReplyToSupport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) =>
      parseJson(await apiRequest("POST", `/api/support/tickets/${id}/messages`, { body }), ZSupportTicketDetail),
    onSuccess: (ticket) => {
      queryClient.setQueryData(supportKeys.ticket(id), ticket);
      void queryClient.invalidateQueries({ queryKey: supportKeys.mine });
    },
  });
}

export const SUPPORT_QUEUE_PAGE_SIZE = 20;

export function supportQueueQueryOptions(status: SupportStatus, page: number) {
  return queryOptions({
    queryKey: supportKeys.queue(status, page),
    queryFn: ({ signal }) =>
      getPage(
        `/api/admin/support/tickets?status=${status}&page=${page}&pageSize=${SUPPORT_QUEUE_PAGE_SIZE}`,
        ZAdminSupportTicket,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function teamTicketQueryOptions(id: number) {
  return queryOptions({
    queryKey: supportKeys.teamTicket(id),
    queryFn: ({ signal }) => getJson(`/api/admin/support/tickets/${id}`, ZAdminSupportTicketDetail, { signal }),
    retry: false,
  });
}

/** The team's answer, or closing a request; both refresh the queue. */
export function useTeamAction(id: number) {
  const queryClient = useQueryClient();
  const done = (ticket: unknown) => {
    queryClient.setQueryData(supportKeys.teamTicket(id), ticket);
    void queryClient.invalidateQueries({ queryKey: ["admin", "support"] });
  };
  return {
    answer: useMutation({
      mutationFn: async (body: string) =>
        parseJson(
          await apiRequest("POST", `/api/admin/support/tickets/${id}/reply`, { body }),
          ZAdminSupportTicketDetail,
        ),
      onSuccess: done,
    }),
    close: useMutation({
      mutationFn: async () =>
        parseJson(await apiRequest("POST", `/api/admin/support/tickets/${id}/close`), ZAdminSupportTicketDetail),
      onSuccess: done,
    }),
  };
}

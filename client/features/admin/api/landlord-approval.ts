import { ZApprovalFigures, ZApproveLandlordResponse, ZPendingLandlord } from "@common/schemas/admin";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest, getJson, parseJson } from "@/lib/api-client";

export const adminKeys = {
  /** Every admin read (the dashboard's stats included) starts with this key. */
  all: ["admin"] as const,
  pendingLandlords: ["admin", "pending-landlords"] as const,
  approvalFigures: ["admin", "approval-figures"] as const,
};

/** Approved today and the average review time, counted from the approvals on the server. */
export const approvalFiguresQueryOptions = queryOptions({
  queryKey: adminKeys.approvalFigures,
  queryFn: ({ signal }) => getJson("/api/admin/approval-figures", ZApprovalFigures, { signal }),
  staleTime: 0,
  retry: false,
});

export const pendingLandlordsQueryOptions = queryOptions({
  queryKey: adminKeys.pendingLandlords,
  queryFn: ({ signal }) => getJson("/api/admin/pending-landlords", z.array(ZPendingLandlord), { signal }),
  // An admin opening the page wants today's queue, not the one read when they last passed by.
  staleTime: 0,
  retry: false,
});

/** POST /api/admin/approve-landlord/{id}: success refreshes the pending list and the admin stats. */
export function useApproveLandlord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: number) =>
      parseJson(await apiRequest("POST", `/api/admin/approve-landlord/${userId}`), ZApproveLandlordResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

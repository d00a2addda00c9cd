import type { MaintenanceTransition } from "@common/domain/maintenance";
import {
  type TCompleteJob,
  type TMaintenanceJobDetail,
  type TOfferJob,
  type TProgressUpdate,
  type TProposeDate,
  type TReasonBody,
  type TReportJob,
  type TRescheduleJob,
  type TTriageJob,
  ZContractorChoices,
  ZContractorEarnings,
  ZMaintenanceJob,
  ZMaintenanceJobDetail,
  ZMaintenanceJobs,
} from "@common/schemas/maintenance";
import { DEFAULT_PAGE_SIZE } from "@common/schemas/paging";
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson, getPage, parseJson } from "@/lib/api-client";

/**
 * The maintenance calls (/api/maintenance/*, /api/contractor/earnings). Every key starts with "maintenance", so one
 * change to a job refreshes every list, figure and dialog that may show it, whoever is looking.
 */
export const maintenanceKeys = {
  all: ["maintenance"] as const,
  list: (list: "jobs" | "assigned", query: string) => ["maintenance", list, query] as const,
  contractorJobs: ["maintenance", "contractor-jobs"] as const,
  history: (page: number) => ["maintenance", "history", page] as const,
  earnings: ["maintenance", "earnings"] as const,
  contractors: ["maintenance", "contractors"] as const,
  detail: (id: number) => ["maintenance", "job", id] as const,
};

/** A job list's filters, as the API reads them (ZJobListQuery); empty ones are left out. */
export type JobListFilters = {
  status?: string | undefined;
  priority?: string | undefined;
  propertyId?: number | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
};

/** "status=open&page=2": the filters as a query string, without the ones that mean "everything". */
export function jobListQuery(filters: JobListFilters): string {
  const params = new URLSearchParams();
  if (filters.status && filters.status !== "all") params.set("status", filters.status);
  if (filters.priority && filters.priority !== "all") params.set("priority", filters.priority);
  if (filters.propertyId !== undefined) params.set("propertyId", String(filters.propertyId));
  if (filters.page !== undefined && filters.page > 1) params.set("page", String(filters.page));
  if (filters.pageSize !== undefined && filters.pageSize !== DEFAULT_PAGE_SIZE) {
    params.set("pageSize", String(filters.pageSize));
  }
  return params.toString();
}

const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);

/**
 * A job list: `jobs` is GET /api/maintenance/jobs, the jobs this viewer may see (a guest's reports, a landlord's
 * properties' jobs); `assigned` is GET /api/maintenance/assigned, the jobs on the properties a manager manages now.
 */
export function jobListQueryOptions(list: "jobs" | "assigned", filters: JobListFilters = {}) {
  const query = jobListQuery(filters);
  return queryOptions({
    queryKey: maintenanceKeys.list(list, query),
    queryFn: ({ signal }) => getPage(withQuery(`/api/maintenance/${list}`, query), ZMaintenanceJob, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /api/maintenance/contractor-jobs: the contractor's open offers and the jobs they have taken on. */
export const contractorJobsQueryOptions = queryOptions({
  queryKey: maintenanceKeys.contractorJobs,
  queryFn: ({ signal }) => getJson("/api/maintenance/contractor-jobs", ZMaintenanceJobs, { signal }),
  retry: false,
});

/** GET /api/maintenance/history: the contractor's completed and cancelled jobs, newest first, one page. */
export function jobHistoryQueryOptions(page: number) {
  return queryOptions({
    queryKey: maintenanceKeys.history(page),
    queryFn: ({ signal }) =>
      getPage(withQuery("/api/maintenance/history", jobListQuery({ page })), ZMaintenanceJob, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /api/contractor/earnings: completed work by month, paid or not. */
export const earningsQueryOptions = queryOptions({
  queryKey: maintenanceKeys.earnings,
  queryFn: ({ signal }) => getJson("/api/contractor/earnings", ZContractorEarnings, { signal }),
  retry: false,
});

/** GET /api/maintenance/contractors: whom a coordinator may offer a job to. */
export const contractorChoicesQueryOptions = queryOptions({
  queryKey: maintenanceKeys.contractors,
  queryFn: ({ signal }) => getJson("/api/maintenance/contractors", ZContractorChoices, { signal }),
  retry: false,
});

/** GET /api/maintenance/jobs/{id}: the job with its offers and timeline, as this viewer may see it. */
export function jobDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: maintenanceKeys.detail(id),
    queryFn: ({ signal }) => getJson(`/api/maintenance/jobs/${id}`, ZMaintenanceJobDetail, { signal }),
    // A job moves as others act on it: the dialog shows it as it is now.
    staleTime: 0,
    retry: false,
  });
}

/**
 * After any change to a job: every maintenance read, the manager's property cards (their open-maintenance counts),
 * the landlord's property pages (calendar nights blocked for work, the status) and occupancy figures.
 */
async function refreshAfterJobChange(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: maintenanceKeys.all }),
    queryClient.invalidateQueries({ queryKey: ["managed"] }),
    queryClient.invalidateQueries({ queryKey: ["landlord"] }),
    queryClient.invalidateQueries({ queryKey: ["analytics"] }),
  ]);
}

/** POST /api/maintenance/jobs: a guest reports from their stay (bookingId), a coordinator for a property. */
export function useReportJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (report: TReportJob) =>
      parseJson(await apiRequest("POST", "/api/maintenance/jobs", report), ZMaintenanceJobDetail),
    onSuccess: async (job) => {
      queryClient.setQueryData(maintenanceKeys.detail(job.id), job);
      await refreshAfterJobChange(queryClient);
    },
  });
}

/** What a viewer can do to a job: the lifecycle's transitions, and taking the property off the market. */
export type JobActionName = MaintenanceTransition | "property_maintenance";

/** Each action with the body its route reads. */
export type JobActionRequest =
  | { action: "triage"; body: TTriageJob }
  | { action: "offer"; body: TOfferJob }
  | { action: "accept" }
  | { action: "decline_offer"; body: TReasonBody }
  | { action: "reschedule"; body: TRescheduleJob }
  | { action: "propose_date"; body: TProposeDate }
  | { action: "accept_proposed_date" }
  | { action: "update_progress"; body: TProgressUpdate }
  | { action: "complete"; body: TCompleteJob }
  | { action: "decline_report"; body: TReasonBody }
  | { action: "withdraw_report" }
  | { action: "cancel"; body: TReasonBody }
  | { action: "mark_paid" }
  | { action: "property_maintenance"; body: { underMaintenance: boolean } };

/** Where each action goes: the method and the path under /api/maintenance/jobs/{id}. */
const ACTION_ROUTES: Record<JobActionName, { method: "POST" | "PATCH" | "PUT"; path: string }> = {
  triage: { method: "PATCH", path: "" },
  offer: { method: "POST", path: "/offers" },
  accept: { method: "POST", path: "/accept" },
  decline_offer: { method: "POST", path: "/decline" },
  reschedule: { method: "POST", path: "/reschedule" },
  propose_date: { method: "POST", path: "/propose-date" },
  accept_proposed_date: { method: "POST", path: "/accept-proposed-date" },
  update_progress: { method: "POST", path: "/progress" },
  complete: { method: "POST", path: "/complete" },
  decline_report: { method: "POST", path: "/decline-report" },
  withdraw_report: { method: "POST", path: "/withdraw" },
  cancel: { method: "POST", path: "/cancel" },
  mark_paid: { method: "POST", path: "/mark-paid" },
  property_maintenance: { method: "PUT", path: "/property-maintenance" },
};

/**
 * One mutation for every action on a job. The answer is the job as it is now (put straight into its dialog),
 * except a contractor's decline, after which they no longer see the job. Lists refresh after a failure too: a 409
 * means someone else moved the job first, and the page should show where it stands.
 */
export function useJobAction(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: JobActionRequest): Promise<TMaintenanceJobDetail | null> => {
      const route = ACTION_ROUTES[request.action];
      const body = "body" in request ? request.body : {};
      const response = await apiRequest(route.method, `/api/maintenance/jobs/${jobId}${route.path}`, body);
      if (request.action === "decline_offer") return null;
      return parseJson(response, ZMaintenanceJobDetail);
    },
    onSuccess: (job) => {
      if (job) queryClient.setQueryData(maintenanceKeys.detail(job.id), job);
      else queryClient.removeQueries({ queryKey: maintenanceKeys.detail(jobId) });
    },
    onSettled: () => refreshAfterJobChange(queryClient),
  });
}

/**
 * POST /api/maintenance/jobs/{id}/photos (one photo, field `photo`) and DELETE …/photos/{photoId}: the reporter or
 * whoever runs the job, while it is open. Both answer the job as it is now.
 */
export function useJobPhotos(jobId: number) {
  const queryClient = useQueryClient();
  const settle = {
    onSuccess: (job: TMaintenanceJobDetail) => queryClient.setQueryData(maintenanceKeys.detail(job.id), job),
    onSettled: () => queryClient.invalidateQueries({ queryKey: maintenanceKeys.all }),
  };
  const add = useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append("photo", file);
      return parseJson(await apiRequest("POST", `/api/maintenance/jobs/${jobId}/photos`, form), ZMaintenanceJobDetail);
    },
    ...settle,
  });
  const remove = useMutation({
    mutationFn: async (photoId: number) =>
      parseJson(await apiRequest("DELETE", `/api/maintenance/jobs/${jobId}/photos/${photoId}`), ZMaintenanceJobDetail),
    ...settle,
  });
  return { add, remove };
}

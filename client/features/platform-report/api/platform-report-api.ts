import { ZPlatformReportSummary } from "@common/schemas/platform-report";
import { ZPlatformReportFilingList } from "@common/schemas/platform-report-filings";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest, getJson } from "@/lib/api-client";
import { saveFile } from "@/lib/save-file";

/** GET /api/admin/platform-report/{year}: who HMRC's report of that year names, and for how much. */
export function usePlatformReportSummary(year: number, enabled: boolean) {
  return useQuery({
    queryKey: ["admin", "platform-report", year] as const,
    queryFn: ({ signal }) => getJson(`/api/admin/platform-report/${year}`, ZPlatformReportSummary, { signal }),
    // While another year loads, the last one stays on screen rather than flashing back to a skeleton.
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const platformReportFilingsKey = (year: number) => ["admin", "platform-report", year, "filings"] as const;

/** GET /api/admin/platform-report/{year}/filings: the files exported for that year, kept as they were sent. */
export function usePlatformReportFilings(year: number, enabled: boolean) {
  return useQuery({
    queryKey: platformReportFilingsKey(year),
    queryFn: ({ signal }) =>
      getJson(`/api/admin/platform-report/${year}/filings`, ZPlatformReportFilingList, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Where a kept file is downloaded from: the server sends it as an attachment, exactly as it was first made. */
export const filedReportUrl = (id: number) => `/api/admin/platform-report/filings/${id}.xml`;

/** Saves the year's DPI XML under the name the server gives it; a refusal (a setting missing) throws its message. */
export async function downloadPlatformReportXml(year: number): Promise<string> {
  const response = await apiRequest("GET", `/api/admin/platform-report/${year}.xml`);
  const name =
    /filename="?([^";]+)"?/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ??
    `staylondon-dpi-${year}.xml`;
  saveFile(await response.blob(), name);
  return name;
}

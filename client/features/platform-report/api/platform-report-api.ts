import { ZPlatformReportSummary } from "@common/schemas/platform-report";
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

/** Saves the year's DPI XML under the name the server gives it; a refusal (a setting missing) throws its message. */
export async function downloadPlatformReportXml(year: number): Promise<string> {
  const response = await apiRequest("GET", `/api/admin/platform-report/${year}.xml`);
  const name =
    /filename="?([^";]+)"?/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ??
    `staylondon-dpi-${year}.xml`;
  saveFile(await response.blob(), name);
  return name;
}

import { ZOutboxList } from "@common/schemas/dev-outbox";
import { queryOptions } from "@tanstack/react-query";
import { getJson } from "@/lib/api-client";

export const outboxQueryOptions = queryOptions({
  queryKey: ["dev", "outbox"],
  queryFn: ({ signal }) => getJson("/api/dev/outbox", ZOutboxList, { signal }),
  // A developer opens this page to see what was just sent: always read it afresh.
  staleTime: 0,
  retry: false,
});

import { useQuery } from "@tanstack/react-query";
import { SearchX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyList } from "@/components/ui/empty-list";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { Pagination } from "@/components/ui/pagination";
import { FilterSelect, SearchField } from "@/components/ui/search-field";
import { useListParams } from "@/hooks/use-list-params";
import { formatInteger } from "@/lib/format";
import { adminUsersQueryOptions } from "../api/users";
import { ROLE_FILTER_OPTIONS, STATE_FILTER_OPTIONS, usersListRequest } from "../utils/user-management";
import { UserList, UserListSkeleton } from "./user-list";

const PAGE_SIZE = 20;

/** "35 users", or with a search or filter "1 user matches" / "12 users match". */
function matchCount(total: number, filtered: boolean): string {
  const people = `${formatInteger(total)} ${total === 1 ? "user" : "users"}`;
  if (!filtered) return people;
  return `${people} ${total === 1 ? "matches" : "match"}`;
}

/** Admin User Management: every account, searched, filtered and paged on the server. */
export function UserManagement({ currentUserId }: { currentUserId: number }) {
  const params = useListParams({ role: "all", state: "all" });
  const request = usersListRequest({ query: params.query, ...params.filters, page: params.page });
  const users = useQuery(adminUsersQueryOptions(request.apiQuery));
  const filtered = params.query !== "" || request.role !== "all" || request.state !== "all";

  const clearAll = () => {
    params.setTyped("");
    params.setFilter("role", "all");
    params.setFilter("state", "all");
  };

  return (
    <>
      <search
        aria-label="Find users"
        className="grid gap-4 rounded-2xl border border-border bg-card p-5 shadow-soft sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]"
      >
        <SearchField
          label="Search users"
          placeholder="Name or email address"
          value={params.typed}
          onChange={params.setTyped}
          className="sm:col-span-2 lg:col-span-1"
        />
        <FilterSelect
          label="Role"
          value={request.role}
          options={ROLE_FILTER_OPTIONS}
          onChange={(value) => params.setFilter("role", value)}
        />
        <FilterSelect
          label="State"
          value={request.state}
          options={STATE_FILTER_OPTIONS}
          onChange={(value) => params.setFilter("state", value)}
        />
      </search>

      <section aria-labelledby="users-heading" aria-busy={users.isFetching || undefined} className="grid gap-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="users-heading" className="font-display text-2xl font-medium">
            Users
          </h2>
          {users.data ? (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {matchCount(users.data.total, filtered)}
            </p>
          ) : null}
        </div>
        {users.isPending ? (
          <UserListSkeleton />
        ) : users.isError ? (
          <LoadErrorAlert
            title="Could not load the users"
            onRetry={() => void users.refetch()}
            retrying={users.isFetching}
            announce
          />
        ) : users.data.total === 0 ? (
          <EmptyList
            icon={SearchX}
            size="section"
            title={filtered ? "No users match" : "No users yet"}
            action={
              filtered ? (
                <Button variant="outline" onClick={clearAll}>
                  Clear search and filters
                </Button>
              ) : undefined
            }
          >
            {filtered
              ? "Nobody matches this search and these filters. Try part of a name or an email address."
              : "People who create an account appear here."}
          </EmptyList>
        ) : (
          <UserList users={users.data.items} currentUserId={currentUserId} />
        )}
        {users.data ? (
          <Pagination
            page={request.page}
            pageSize={PAGE_SIZE}
            total={users.data.total}
            onPageChange={params.setPage}
            label="Users"
          />
        ) : null}
      </section>
    </>
  );
}

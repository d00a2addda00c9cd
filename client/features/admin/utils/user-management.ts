import { ROLE_LABELS, ROLES, type Role } from "@common/domain/roles";
import { ADMIN_USER_STATES, type AdminUserState, type TAdminUser } from "@common/schemas/admin";
import { MAX_PAGE } from "@common/schemas/paging";

export const ROLE_FILTER_OPTIONS: readonly { value: Role | "all"; label: string }[] = [
  { value: "all", label: "All roles" },
  ...ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
];

const STATE_LABELS: Record<AdminUserState, string> = {
  frozen: "Frozen",
  awaiting_approval: "Awaiting approval",
  unverified: "Email unverified",
  closed: "Closed by its owner",
};

export const STATE_FILTER_OPTIONS: readonly { value: AdminUserState | "all"; label: string }[] = [
  { value: "all", label: "All states" },
  ...ADMIN_USER_STATES.map((state) => ({ value: state, label: STATE_LABELS[state] })),
];

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);
const isState = (value: string): value is AdminUserState => (ADMIN_USER_STATES as readonly string[]).includes(value);

/**
 * The list's request from what the address bar holds. A hand-edited address with an unknown role or state, or a
 * page past the last the server pages to, shows everything (or the last page) rather than an error.
 */
export function usersListRequest(params: { query: string; role: string; state: string; page: number }) {
  const role = isRole(params.role) ? params.role : "all";
  const state = isState(params.state) ? params.state : "all";
  const page = Math.min(Math.max(1, params.page), MAX_PAGE);
  const api = new URLSearchParams();
  if (params.query) api.set("q", params.query);
  if (role !== "all") api.set("role", role);
  if (state !== "all") api.set("state", state);
  if (page > 1) api.set("page", String(page));
  return { role, state, page, apiQuery: api.toString() };
}

/** The states an account is in, worst first; none for an active, verified account. */
export function userStates(user: Pick<TAdminUser, "isFrozen" | "role" | "isApproved" | "emailVerified" | "closedAt">) {
  // A closed account has no address to verify or approval to wait for: that it is closed is all there is to say.
  if (user.closedAt) return [{ state: "closed" as const, label: STATE_LABELS.closed }];
  const states: AdminUserState[] = [];
  if (user.isFrozen) states.push("frozen");
  if (user.role === "landlord" && !user.isApproved) states.push("awaiting_approval");
  if (!user.emailVerified) states.push("unverified");
  return states.map((state) => ({ state, label: STATE_LABELS[state] }));
}

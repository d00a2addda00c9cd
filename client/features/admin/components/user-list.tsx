import type { TAdminUser } from "@common/schemas/admin";
import { formatDate } from "@common/utils/dates";
import { UserRound } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LoadingBlock } from "@/components/ui/loading-block";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { TableHeadRow } from "@/components/ui/table-head-row";
import { UserAvatar } from "@/components/ui/user-avatar";
import { fullName, initials } from "@/lib/user-names";
import { FreezeUserControl } from "./freeze-user-control";
import { RoleBadge, UserStateBadges } from "./user-badges";
import { UserRoleSelect } from "./user-role-select";

export const OWN_ROLE_NOTE = "(You cannot change your own role)";

function ProfileLink({ user }: { user: TAdminUser }) {
  return (
    <Button asChild size="sm" variant="ghost">
      <Link to={`/admin/users/${user.id}/profile`}>
        <UserRound aria-hidden="true" />
        View Profile<span className="sr-only"> of {fullName(user)}</span>
      </Link>
    </Button>
  );
}

function Person({ user, isYou }: { user: TAdminUser; isYou: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <UserAvatar
        imageUrl={user.profileImageUrl}
        fallback={initials(user)}
        className="size-10 bg-ink-800 font-display text-sm font-medium text-ivory"
      />
      <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 font-medium [overflow-wrap:anywhere]">
        {fullName(user)}
        {isYou ? <Badge variant="outline">You</Badge> : null}
      </p>
    </div>
  );
}

/** An address that wraps after the at-sign when the column is narrow, rather than mid-word. */
function Email({ address }: { address: string }) {
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}

function OwnRoleNote() {
  return <p className="text-sm text-muted-foreground">{OWN_ROLE_NOTE}</p>;
}

const Joined = ({ user }: { user: TAdminUser }) => <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>;

const USER_COLUMNS = [
  { name: "Name", className: "py-3 pr-3 pl-5 font-medium" },
  { name: "Email", className: "px-3 py-3 font-medium" },
  { name: "Joined", className: "px-3 py-3 font-medium" },
  { name: "Role and state", className: "px-3 py-3 font-medium" },
  { name: "Change role", className: "px-3 py-3 font-medium" },
  { name: "Actions", className: "py-3 pr-5 pl-3 font-medium", label: <span className="sr-only">Actions</span> },
];

/** Wide screens: one row per user, the role selector and the actions at the end of it. */
function UserTable({ users, currentUserId }: { users: TAdminUser[]; currentUserId: number }) {
  return (
    <div className="hidden overflow-hidden rounded-2xl border border-border bg-card shadow-soft xl:block">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">Users, newest first</caption>
        <colgroup>
          <col className="w-44" />
          <col />
          <col className="w-38" />
          <col className="w-46" />
          <col className="w-56" />
          <col className="w-64" />
        </colgroup>
        <TableHeadRow
          className="border-b border-border bg-ivory text-xs tracking-wide text-muted-foreground uppercase"
          columns={USER_COLUMNS}
        />
        <tbody className="divide-y divide-border">
          {users.map((user) => {
            const isYou = user.id === currentUserId;
            return (
              <tr key={user.id} className="align-middle">
                <td className="py-4 pr-3 pl-5">
                  <Person user={user} isYou={isYou} />
                </td>
                <td className="px-3 py-4 [overflow-wrap:anywhere] text-muted-foreground">
                  <Email address={user.email} />
                </td>
                <td className="px-3 py-4 whitespace-nowrap">
                  <Joined user={user} />
                </td>
                <td className="px-3 py-4">
                  <div className="flex flex-col gap-1.5">
                    <RoleBadge role={user.role} />
                    <UserStateBadges user={user} />
                  </div>
                </td>
                <td className="px-3 py-4">{isYou ? <OwnRoleNote /> : <UserRoleSelect user={user} />}</td>
                <td className="py-4 pr-5 pl-3">
                  <div className="flex items-center justify-end gap-1">
                    {isYou ? null : <FreezeUserControl user={user} />}
                    <ProfileLink user={user} />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function CardFact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 text-right [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** Phones and tablets: one card per user, nothing wider than the screen. */
function UserCards({ users, currentUserId }: { users: TAdminUser[]; currentUserId: number }) {
  return (
    <ul aria-label="Users" className="grid gap-4 md:grid-cols-2 xl:hidden">
      {users.map((user) => {
        const isYou = user.id === currentUserId;
        return (
          <li key={user.id} className="grid min-w-0 gap-4 rounded-2xl border border-border bg-card p-5 shadow-soft">
            <div className="grid gap-3">
              <Person user={user} isYou={isYou} />
              <div className="flex flex-wrap gap-1.5">
                <RoleBadge role={user.role} />
                <UserStateBadges user={user} />
              </div>
            </div>
            <dl className="grid gap-1.5 text-sm">
              <CardFact term="Email">
                <Email address={user.email} />
              </CardFact>
              <CardFact term="Joined">
                <Joined user={user} />
              </CardFact>
            </dl>
            {isYou ? <OwnRoleNote /> : <UserRoleSelect user={user} />}
            <div className="flex flex-wrap items-center justify-between gap-2">
              {isYou ? <span /> : <FreezeUserControl user={user} />}
              <ProfileLink user={user} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function UserList({ users, currentUserId }: { users: TAdminUser[]; currentUserId: number }) {
  return (
    <>
      <UserTable users={users} currentUserId={currentUserId} />
      <UserCards users={users} currentUserId={currentUserId} />
    </>
  );
}

export function UserListSkeleton() {
  return (
    <LoadingBlock label="Loading users…" className="grid gap-3">
      <SkeletonRows
        count={5}
        className="flex items-center gap-4 rounded-2xl border border-border bg-card p-5"
        lead="size-10 rounded-full"
        lines={["h-4 w-48", "h-3 w-64"]}
        linesClassName="grid flex-1 gap-2"
        trail="hidden h-9 w-40 sm:block"
      />
    </LoadingBlock>
  );
}

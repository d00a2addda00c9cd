import type { TAccountSession } from "@common/schemas/account";
import { formatDateTime } from "@common/utils/dates";
import { useQuery } from "@tanstack/react-query";
import { LogOut, MonitorSmartphone } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { QueryStateView } from "@/components/ui/query-state-view";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { queryPageState } from "@/lib/query-state";
import { accountSessionsQueryOptions, useEndOtherSessions, useEndSession } from "../api/account-api";

/** Where the account is signed in: this device first, each other one with Sign out, and Sign out everywhere else. */
export function SignedInDevices() {
  const sessions = useQuery(accountSessionsQueryOptions);
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const failed = (error: unknown) =>
    toast({
      variant: "destructive",
      title: "Not signed out",
      description: serverMessageOf(error, "Please try again."),
    });

  return (
    <Card>
      <CardHeader>
        <h2 className="font-display text-xl font-medium leading-tight">Signed-in devices</h2>
        <p className="text-sm text-muted-foreground">
          Where your account is signed in now. Sign out any device you do not recognise, then change your password.
        </p>
      </CardHeader>
      <CardContent>
        <QueryStateView
          state={queryPageState(sessions, "refetch")}
          errorTitle="Your devices could not be loaded"
          loading={<Skeleton className="h-28 rounded-2xl" />}
        >
          {(list) => (
            <div className="grid gap-4">
              <ul aria-label="Signed-in devices" className="divide-y divide-border border-y border-border">
                {list.map((session) => (
                  <DeviceRow
                    key={session.id}
                    session={session}
                    pending={endOne.isPending && endOne.variables === session.id}
                    onEnd={() =>
                      endOne.mutate(session.id, {
                        onSuccess: () =>
                          toast({ title: "Signed out", description: `${session.device} is signed out.` }),
                        onError: failed,
                      })
                    }
                  />
                ))}
              </ul>
              {list.some((s) => !s.current) ? (
                <Button
                  variant="outline"
                  className="justify-self-start"
                  disabled={endOthers.isPending}
                  onClick={() =>
                    endOthers.mutate(undefined, {
                      onSuccess: ({ message }) => toast({ title: "Signed out", description: message }),
                      onError: failed,
                    })
                  }
                >
                  <LogOut aria-hidden="true" />
                  {endOthers.isPending ? "Signing out…" : "Sign out everywhere else"}
                </Button>
              ) : (
                <p className="text-sm text-muted-foreground">You are not signed in anywhere else.</p>
              )}
            </div>
          )}
        </QueryStateView>
      </CardContent>
    </Card>
  );
}

function DeviceRow({ session, pending, onEnd }: { session: TAccountSession; pending: boolean; onEnd: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-4">
      <div className="flex min-w-0 items-start gap-3">
        <MonitorSmartphone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brass-700" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {session.device}
            {session.current ? <Badge variant="success">This device</Badge> : null}
          </p>
          <p className="text-sm text-muted-foreground">
            Last active <time dateTime={session.lastActiveAt}>{formatDateTime(session.lastActiveAt)}</time>
            {session.ip ? ` · ${session.ip}` : ""}
          </p>
        </div>
      </div>
      {session.current ? null : (
        <Button variant="ghost" size="sm" disabled={pending} onClick={onEnd}>
          {pending ? "Signing out…" : "Sign out"}
          <span className="sr-only">: {session.device}</span>
        </Button>
      )}
    </li>
  );
}

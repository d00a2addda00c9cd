import type * as React from "react";
import { AdminPage } from "@/components/layouts/admin-page";
import { AccessGate } from "@/features/auth/components/access-gate";
import type { GateVerdict } from "@/features/auth/utils/gate-verdict";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** The frame of every admin tool: its name in the tab, the admin gate, then the admin page around the tool. */
export function AdminToolPage({ verdict, ...page }: { verdict: GateVerdict } & React.ComponentProps<typeof AdminPage>) {
  useDocumentTitle(page.title);
  return (
    <AccessGate verdict={verdict}>
      <AdminPage {...page} />
    </AccessGate>
  );
}

import type { TAdminProperty } from "@common/schemas/admin-properties";
import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { mutateThen } from "@/lib/mutation";
import { confirmOutcome } from "../../utils/confirm-outcome";
import { useRestoreProperty } from "../api/admin-properties-api";

/** Restore: lists a removed listing again, after a confirmation. */
export function RestorePropertyButton({ property }: { property: TAdminProperty }) {
  const restore = useRestoreProperty();
  const [open, setOpen] = useState(false);

  function confirm() {
    mutateThen(
      restore,
      property.id,
      confirmOutcome(
        () => setOpen(false),
        () => ({ title: "Listing restored", description: `“${property.title}” is listed again.` }),
        "Listing not restored",
      ),
    );
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Restore: ${property.title}`}>
          <RotateCcw aria-hidden="true" />
          Restore
        </Button>
      }
      open={open}
      onOpenChange={setOpen}
      pending={restore.isPending}
      title={`Restore “${property.title}”?`}
      description={`It will be listed again and open to bookings, and ${property.ownerName} can manage its status as before.`}
      cancelLabel="Cancel"
      confirmLabel={restore.isPending ? "Restoring…" : "Restore listing"}
      onConfirm={confirm}
    />
  );
}

import type { TAdminProperty } from "@common/schemas/admin-properties";
import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { toast } from "@/components/ui/use-toast";
import { pluralize } from "@/lib/format";
import { useRemoveProperty } from "../api/admin-properties-api";

/**
 * Remove: unlists the listing after a confirmation with a reason. The server refuses while a guest's confirmed stay
 * is not over; its message stays in the dialog so the admin knows what to settle first.
 */
export function RemovePropertyButton({ property }: { property: TAdminProperty }) {
  const remove = useRemoveProperty();
  return (
    <ReasonDialog
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-label={`Remove: ${property.title}`}
          className="text-destructive hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      }
      title={`Remove “${property.title}”?`}
      description={
        <>
          Guests will no longer find or book it, and {property.ownerName} cannot list it again until it is restored.
          Pending requests are declined and their guests told. A listing with confirmed stays still to come cannot be
          removed until they are dealt with in Booking Oversight.
        </>
      }
      reasonLabel="Reason for removing (shown to the owner)"
      confirmLabel="Remove listing"
      pendingLabel="Removing…"
      onConfirm={async (reason) => {
        const { declinedRequests } = await remove.mutateAsync({ id: property.id, reason });
        toast({
          title: "Listing removed",
          description:
            declinedRequests > 0
              ? `“${property.title}” is hidden from guests. ${pluralize(declinedRequests, "pending request")} declined; the guests have been told.`
              : `“${property.title}” is hidden from guests.`,
        });
      }}
    />
  );
}

import type { TPendingLandlord } from "@common/schemas/admin";
import { Check, Loader2 } from "lucide-react";
import { AlertDialogAction, AlertDialogCancel, AlertDialogFrame } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { mutateThen } from "@/lib/mutation";
import { fullName } from "@/lib/user-names";
import { useApproveLandlord } from "../api/landlord-approval";

/** Approve, after a confirmation (approving cannot be undone from here); the outcome is told in a toast. */
export function ApproveLandlordButton({ landlord }: { landlord: TPendingLandlord }) {
  const approve = useApproveLandlord();
  const name = fullName(landlord);

  const confirm = () =>
    mutateThen(approve, landlord.id, {
      onSuccess: ({ requiresPhoneVerification }) =>
        toast({
          title: "Landlord Approved",
          description: requiresPhoneVerification
            ? `${name} can now sign in, and must verify their phone number before listing properties.`
            : `${name} can now access all landlord features.`,
        }),
      onError: () =>
        toast({
          variant: "destructive",
          title: "Approval Failed",
          description: "Failed to approve the landlord. Please try again.",
        }),
    });

  return (
    <AlertDialogFrame
      trigger={
        <Button size="sm" disabled={approve.isPending}>
          {approve.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Check aria-hidden="true" />}
          {approve.isPending ? "Approving…" : "Approve"}
          <span className="sr-only"> {name}</span>
        </Button>
      }
      title={`Approve ${name} as a landlord?`}
      description={
        <>
          {landlord.email} will be able to sign in and, once their phone number is verified, list properties on
          StayLondon.
        </>
      }
      footer={
        <>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={confirm}>Approve</AlertDialogAction>
        </>
      }
    />
  );
}

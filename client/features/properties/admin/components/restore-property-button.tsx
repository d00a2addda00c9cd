import type { TAdminProperty } from "@common/schemas/admin-properties";
import { Loader2, RotateCcw } from "lucide-react";
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { mutateThen } from "@/lib/mutation";
import { useRestoreProperty } from "../api/admin-properties-api";

/** Restore: lists a removed listing again, after a confirmation. */
export function RestorePropertyButton({ property }: { property: TAdminProperty }) {
  const restore = useRestoreProperty();
  const [open, setOpen] = useState(false);

  function confirm() {
    mutateThen(restore, property.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: "Listing restored", description: `“${property.title}” is listed again.` });
      },
      onError: (error) => {
        setOpen(false);
        toast({
          variant: "destructive",
          title: "Listing not restored",
          description: serverMessageOf(error, "Please try again."),
        });
      },
    });
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !restore.isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Restore: ${property.title}`}>
          <RotateCcw aria-hidden="true" />
          Restore
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{`Restore “${property.title}”?`}</AlertDialogTitle>
          <AlertDialogDescription>
            It will be listed again and open to bookings, and {property.ownerName} can manage its status as before.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={restore.isPending}>Cancel</AlertDialogCancel>
          {/* Not AlertDialogAction: that would close the dialog before the answer arrives. */}
          <Button onClick={confirm} disabled={restore.isPending}>
            {restore.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {restore.isPending ? "Restoring…" : "Restore listing"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

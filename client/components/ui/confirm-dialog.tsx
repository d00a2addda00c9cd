import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { AlertDialogCancel, AlertDialogFrame } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";

/**
 * "Are you sure?" before a change the server makes. The dialog stays open while the server works (a plain
 * AlertDialogAction would close it before the answer arrives), with both answers disabled and the action spinning,
 * so a slow answer is neither sent twice nor lost from view.
 */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  pending,
  title,
  description,
  cancelLabel,
  confirmLabel,
  destructive = false,
  onConfirm,
  children,
}: {
  /** The button that opens it; without one, the caller opens it with `open`. */
  trigger?: ReactNode;
  open: boolean;
  /** Called only while nothing is pending: an answer on its way cannot be dismissed. */
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  title: ReactNode;
  description: ReactNode;
  cancelLabel: string;
  confirmLabel: ReactNode;
  destructive?: boolean;
  onConfirm: () => void;
  /** Shown between the question and the answers (a photo about to go, say). */
  children?: ReactNode;
}) {
  return (
    <AlertDialogFrame
      trigger={trigger}
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      title={title}
      description={description}
      footer={
        <>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <Button variant={destructive ? "destructive" : "default"} onClick={onConfirm} disabled={pending}>
            {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </AlertDialogFrame>
  );
}

import { Dialog } from "radix-ui";
import type * as React from "react";
import { DialogCloseButton, DialogPanel } from "@/components/ui/dialog";

/** A small Profile dialog: a title, a line of explanation, and its form; busy while the form is being sent. */
export function AccountDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  busy,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: React.ReactNode;
  title: string;
  description: React.ReactNode;
  busy: boolean;
  children: React.ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <DialogPanel>
        <div className="grid gap-1.5 pr-8">
          <Dialog.Title className="font-display text-2xl font-medium">{title}</Dialog.Title>
          <Dialog.Description className="text-sm leading-relaxed text-muted-foreground">
            {description}
          </Dialog.Description>
        </div>
        <DialogCloseButton disabled={busy} />
        {children}
      </DialogPanel>
    </Dialog.Root>
  );
}

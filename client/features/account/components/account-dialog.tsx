import { Dialog } from "radix-ui";
import type * as React from "react";
import { useState } from "react";
import { DialogCloseButton, DialogPanel } from "@/components/ui/dialog";

/**
 * A small Profile dialog: its button, a title, a line of explanation and its form. `onOpen` starts the form afresh
 * each time; the form gets `close` for when it is done. It cannot be closed while its request is out.
 */
export function AccountDialog({
  trigger,
  title,
  description,
  busy,
  onOpen,
  onClosed,
  children,
}: {
  trigger: React.ReactNode;
  title: string;
  description: React.ReactNode;
  busy: boolean;
  onOpen: () => void;
  /** After it closes, however it was closed. */
  onClosed?: () => void;
  children: (close: () => void) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (next) onOpen();
        else onClosed?.();
      }}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <DialogPanel>
        <div className="grid gap-1.5 pr-8">
          <Dialog.Title className="font-display text-2xl font-medium">{title}</Dialog.Title>
          <Dialog.Description className="text-sm leading-relaxed text-muted-foreground">
            {description}
          </Dialog.Description>
        </div>
        <DialogCloseButton disabled={busy} />
        {children(() => {
          setOpen(false);
          onClosed?.();
        })}
      </DialogPanel>
    </Dialog.Root>
  );
}

import type { UseQueryResult } from "@tanstack/react-query";
import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type * as React from "react";
import { Button } from "@/components/ui/button";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { isApiError } from "@/lib/api-client";
import { cn } from "@/lib/utils";

/** The dimmed page behind any modal dialog (this one and the alert dialog). */
export const DIALOG_OVERLAY_CLASSES = "fixed inset-0 z-50 animate-fade-in bg-ink-950/55 backdrop-blur-[2px]";

const CARD_WIDTHS = { lg: "max-w-lg", xl: "max-w-xl", "2xl": "max-w-2xl", "3xl": "max-w-3xl" } as const;

/**
 * An open dialog over the dimmed page, in one of two shapes:
 * - `card` (the default): centred, as wide as `size` allows, scrolling inside the screen when it is long;
 * - `sheet`: for long forms and reports with a fixed header and footer; it fills a phone's screen and is a card of
 *   the `3xl` width from a tablet up. Its children lay out the header, the scrolling body and the footer.
 * Radix's Content gives it the dialog role, the focus trap, Escape and the return of focus.
 */
export function DialogPanel({
  shape = "card",
  size = "lg",
  className,
  ...props
}: React.ComponentProps<typeof Dialog.Content> & { shape?: "card" | "sheet"; size?: keyof typeof CARD_WIDTHS }) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className={DIALOG_OVERLAY_CLASSES} />
      <Dialog.Content
        className={cn(
          "z-50 bg-card text-card-foreground shadow-float animate-fade-in",
          shape === "card"
            ? [
                "fixed top-1/2 left-1/2 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-5 overflow-y-auto overscroll-contain rounded-2xl border border-border p-5 sm:p-7",
                CARD_WIDTHS[size],
              ]
            : "fixed inset-0 flex flex-col overflow-hidden sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[calc(100dvh-4rem)] sm:w-[calc(100%-3rem)] sm:max-w-3xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:border sm:border-border",
          className,
        )}
        {...props}
      />
    </Dialog.Portal>
  );
}

/** The dialog's ×, at its top right. Disabled while a request it must not leave is out. */
export function DialogCloseButton({ disabled, className }: { disabled?: boolean; className?: string }) {
  return (
    <Dialog.Close asChild>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Close"
        disabled={disabled}
        className={cn("absolute top-3 right-3", className)}
      >
        <X aria-hidden="true" />
      </Button>
    </Dialog.Close>
  );
}

/**
 * A details dialog's body by the state of its read: a placeholder (and a word for screen readers) while loading;
 * `goneMessage` when the record is no longer there for this person (404); the failure with Retry, read out at once;
 * else the details.
 */
export function DialogDetailsBody<T>({
  query,
  loadingLabel,
  skeleton,
  goneMessage,
  errorTitle,
  children,
}: {
  query: Pick<UseQueryResult<T>, "isPending" | "isError" | "error" | "data" | "isFetching" | "refetch">;
  loadingLabel: string;
  skeleton: React.ReactNode;
  goneMessage: string;
  errorTitle: string;
  children: (data: T) => React.ReactNode;
}) {
  if (query.isPending) {
    return (
      <>
        <p role="status" className="sr-only">
          {loadingLabel}
        </p>
        {skeleton}
      </>
    );
  }
  if (query.isError || query.data === undefined) {
    if (isApiError(query.error, 404)) {
      return (
        <p role="alert" className="rounded-xl bg-destructive-soft px-4 py-3 text-sm font-medium text-destructive">
          {goneMessage}
        </p>
      );
    }
    return (
      <LoadErrorAlert
        title={errorTitle}
        onRetry={() => void query.refetch()}
        retryLabel="Retry"
        retrying={query.isFetching}
        announce
      />
    );
  }
  return children(query.data);
}

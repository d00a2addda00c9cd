import { MESSAGE_BODY_MAX } from "@common/domain/messages";
import { type TPostMessage, ZPostMessage } from "@common/schemas/messages";
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck, Loader2, Send, ShieldCheck } from "lucide-react";
import { Dialog } from "radix-ui";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DialogCloseButton, DialogPanel } from "@/components/ui/dialog";
import { FormFailure } from "@/components/ui/form-failure";
import { Label, RequiredMark } from "@/components/ui/label";
import { SiteLink } from "@/components/ui/site-link";
import { Textarea } from "@/components/ui/textarea";
import { serverMessageOf } from "@/lib/error-message";
import { useStartEnquiry } from "../api/conversations-api";

/**
 * Ask the host a question before booking: one message into the guest's enquiry about the listing (the same
 * conversation each time). Checked by the server's own schema; a refusal stays in the dialog with its reason.
 */
export default function ContactHostDialog({
  open,
  onOpenChange,
  returnFocus,
  propertyId,
  propertyTitle,
  hostName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: () => void;
  propertyId: number;
  propertyTitle: string;
  hostName: string;
}) {
  const ids = useId();
  const start = useStartEnquiry();
  const [sentTo, setSentTo] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TPostMessage>({ resolver: zodResolver(ZPostMessage), defaultValues: { body: "" } });
  const { errors, isSubmitting } = form.formState;
  const length = form.watch("body").length;

  const submit = form.handleSubmit(async ({ body }) => {
    setFailure(null);
    try {
      const started = await start.mutateAsync({ propertyId, body });
      setSentTo(started.threadId);
      form.reset();
    } catch (error) {
      setFailure(serverMessageOf(error, "Your message was not sent. Please check your connection and try again."));
    }
  });

  const change = (next: boolean) => {
    if (isSubmitting) return;
    onOpenChange(next);
    if (!next) {
      setFailure(null);
      setSentTo(null);
    }
  };
  const describedBy = [`${ids}-hint`, errors.body ? `${ids}-error` : null].filter(Boolean).join(" ");

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <DialogPanel
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
        size="xl"
      >
        <div className="grid gap-1.5 pr-8">
          <Dialog.Title className="font-display text-2xl leading-snug font-medium">
            {sentTo === null ? `Contact ${hostName}` : "Message sent"}
          </Dialog.Title>
          <Dialog.Description className="text-sm leading-relaxed text-muted-foreground">
            {sentTo === null
              ? `Ask about ${propertyTitle} before you book: the home, the area, your dates.`
              : `${hostName} has been told by e-mail. Their answer will be in your Messages.`}
          </Dialog.Description>
        </div>
        <DialogCloseButton disabled={isSubmitting} />

        {sentTo === null ? (
          <form noValidate onSubmit={submit} className="grid gap-4">
            <div className="grid gap-2">
              <div className="flex items-end justify-between gap-3">
                <Label htmlFor={`${ids}-body`}>
                  Your message
                  <RequiredMark />
                </Label>
                <span aria-hidden="true" className="text-xs text-muted-foreground tabular-nums">
                  {length.toLocaleString("en-GB")} / {MESSAGE_BODY_MAX.toLocaleString("en-GB")}
                </span>
              </div>
              <Textarea
                id={`${ids}-body`}
                rows={5}
                maxLength={MESSAGE_BODY_MAX}
                aria-required="true"
                aria-invalid={errors.body ? true : undefined}
                aria-describedby={describedBy}
                placeholder={`Hello ${hostName}, …`}
                {...form.register("body")}
              />
              {errors.body ? (
                <p id={`${ids}-error`} className="text-sm font-medium text-destructive">
                  {errors.body.message}
                </p>
              ) : null}
              <p id={`${ids}-hint`} className="flex gap-2 text-xs leading-relaxed text-muted-foreground">
                <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brass-700" />
                Phone numbers, e-mail addresses and links are hidden from the host until your booking is confirmed, so
                keep the conversation here.
              </p>
            </div>
            {failure ? <FormFailure>{failure}</FormFailure> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button type="button" variant="ghost" disabled={isSubmitting}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
                {isSubmitting ? "Sending…" : "Send message"}
              </Button>
            </div>
          </form>
        ) : (
          <div className="grid gap-5">
            <p
              role="status"
              className="flex items-center gap-2 rounded-xl bg-success-soft px-4 py-3 text-sm font-medium text-success"
            >
              <CircleCheck aria-hidden="true" className="size-4" />
              Your question is with {hostName}.
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button type="button" variant="ghost">
                  Close
                </Button>
              </Dialog.Close>
              <Button asChild>
                <SiteLink href={`/messages/${sentTo}`}>View conversation</SiteLink>
              </Button>
            </div>
          </div>
        )}
      </DialogPanel>
    </Dialog.Root>
  );
}

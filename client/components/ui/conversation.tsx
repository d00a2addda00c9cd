import { formatDateTime } from "@common/utils/dates";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, MessagesSquare, Send } from "lucide-react";
import type * as React from "react";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormFailure } from "@/components/ui/form-failure";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { serverMessageOf } from "@/lib/error-message";
import { cn } from "@/lib/utils";

type MessageBody = { body: string };

/**
 * The box at the foot of a conversation: the text checked by the same schema as the server, a running count
 * against the limit, Ctrl+Enter to send, and the server's refusal shown in place with the text kept.
 */
export function MessageComposer({
  label,
  hint,
  submitLabel = "Send",
  maxLength,
  schema,
  send,
  className,
}: {
  label: string;
  hint: React.ReactNode;
  submitLabel?: string;
  maxLength: number;
  schema: z.ZodType<MessageBody, MessageBody>;
  send: (message: MessageBody) => Promise<unknown>;
  className?: string;
}) {
  const ids = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<MessageBody>({ resolver: zodResolver(schema), defaultValues: { body: "" } });
  const { errors, isSubmitting } = form.formState;
  const length = form.watch("body").length;

  const submit = form.handleSubmit(async (message) => {
    setFailure(null);
    try {
      await send(message);
      form.reset();
    } catch (error) {
      setFailure(serverMessageOf(error, "Your message was not sent. Please check your connection and try again."));
    }
  });

  const describedBy = [`${ids}-hint`, errors.body ? `${ids}-error` : null].filter(Boolean).join(" ");
  return (
    <form noValidate onSubmit={submit} className={cn("grid gap-2", className)}>
      <div className="flex items-end justify-between gap-3">
        <Label htmlFor={`${ids}-body`}>{label}</Label>
        <span aria-hidden="true" className="text-xs text-muted-foreground tabular-nums">
          {length.toLocaleString("en-GB")} / {maxLength.toLocaleString("en-GB")}
        </span>
      </div>
      <Textarea
        id={`${ids}-body`}
        rows={3}
        maxLength={maxLength}
        aria-required="true"
        aria-invalid={errors.body ? true : undefined}
        aria-describedby={describedBy}
        {...form.register("body")}
        onKeyDown={(event) => {
          // Ctrl+Enter (or Cmd+Enter) sends, as in most mail and chat apps.
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) void submit();
        }}
      />
      {errors.body ? (
        <p id={`${ids}-error`} className="text-sm font-medium text-destructive">
          {errors.body.message}
        </p>
      ) : null}
      {failure ? <FormFailure>{failure}</FormFailure> : null}
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p id={`${ids}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
          {isSubmitting ? "Sending…" : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** One message in a conversation: the reader's own on the right in ink, the other side's on the left. */
export function MessageBubble({
  mine,
  body,
  author,
  createdAt,
  children,
  className,
}: {
  mine: boolean;
  body: string;
  /** Who wrote it, as the line under the bubble starts ("You", "Ada L. (Guest)"). */
  author: React.ReactNode;
  createdAt: string;
  /** What goes after the time on that line (a note for screen readers, say). */
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <>
      <div
        className={cn(
          "rounded-2xl px-4 py-3 text-sm leading-relaxed shadow-soft",
          mine ? "rounded-br-md bg-ink-800 text-white" : "rounded-bl-md border border-border bg-card",
          className,
        )}
      >
        <p className="whitespace-pre-wrap wrap-anywhere">{body}</p>
      </div>
      <p className="px-1 text-xs text-muted-foreground">
        {author}
        {" · "}
        <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
        {children}
      </p>
    </>
  );
}

/**
 * Keeps a conversation's latest message in view when it opens and whenever one arrives: put the returned ref on
 * the last message.
 */
export function useLatestMessageInView(count: number) {
  const last = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (count > 0) last.current?.scrollIntoView?.({ block: "nearest" });
  }, [count]);
  return last;
}

/** What a conversation without messages shows in place of the list. */
export function NoMessagesYet({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <div className={cn("flex flex-col items-center px-6 text-center", className)}>
      <MessagesSquare aria-hidden="true" className="size-6 text-brass-700" />
      <p className="mt-3 font-medium">No messages yet</p>
      <p className="mt-1 text-sm text-muted-foreground">{children}</p>
    </div>
  );
}

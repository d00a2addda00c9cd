import { SUPPORT_MESSAGE_MAX, SUPPORT_TOPIC_LABELS, SUPPORT_TOPICS, type SupportTopic } from "@common/domain/support";
import { type TContactForm, ZContactForm, ZVisitorContactForm } from "@common/schemas/support";
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { EmailInput } from "@/components/ui/email-input";
import { FormFailure } from "@/components/ui/form-failure";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api-client";
import { serverMessageOf } from "@/lib/error-message";
import { useCreateSupportTicket } from "../api/support-api";

/** A booking the person may ask about, as the select names it. */
export type AskableBooking = { id: number; label: string };

/**
 * The contact form. Signed in, the answer goes to the account's address and the person may name one of their
 * bookings; a visitor gives a name and an address. Once sent, the form gives way to the request's reference.
 */
export function ContactForm({
  signedIn,
  bookings,
  initialTopic,
  initialBookingId,
}: {
  signedIn: boolean;
  bookings: readonly AskableBooking[];
  initialTopic?: SupportTopic | undefined;
  initialBookingId?: number | undefined;
}) {
  const id = useId();
  const create = useCreateSupportTicket();
  const { register, handleSubmit, formState, watch } = useForm<TContactForm>({
    resolver: zodResolver(signedIn ? ZContactForm : ZVisitorContactForm),
    defaultValues: {
      // An unchosen topic is "" until the person picks one: the schema then asks them to.
      topic: initialTopic ?? ("" as SupportTopic),
      message: "",
      bookingId: bookings.some((b) => b.id === initialBookingId) ? initialBookingId : undefined,
      ...(signedIn ? {} : { name: "", email: "" }),
    },
  });
  const errors = formState.errors;
  const length = watch("message")?.length ?? 0;

  if (create.isSuccess) {
    return (
      <div role="status" className="grid justify-items-start gap-4 rounded-3xl border border-border bg-card p-7 sm:p-9">
        <span className="flex size-12 items-center justify-center rounded-full bg-success-soft text-success">
          <CircleCheck aria-hidden="true" className="size-6" />
        </span>
        <h2 className="font-display text-2xl font-medium">Request {create.data.reference} sent</h2>
        <p className="leading-relaxed text-muted-foreground">{create.data.message}</p>
        {signedIn ? (
          <Button asChild variant="outline">
            <Link to={`/support/${create.data.id}`}>Follow this request</Link>
          </Button>
        ) : null}
      </div>
    );
  }

  const unverified = create.error instanceof ApiError && create.error.body.includes("requiresEmailVerification");
  return (
    <form
      noValidate
      aria-label="Write to our team"
      className="grid gap-5"
      onSubmit={handleSubmit((input) => create.mutate(input))}
    >
      {signedIn ? null : (
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id={`${id}-name`} label="Your name" required error={errors.name?.message}>
            {(control) => <Input autoComplete="name" {...control} {...register("name")} />}
          </FormField>
          <FormField
            id={`${id}-email`}
            label="Email"
            required
            hint="We answer at this address."
            error={errors.email?.message}
          >
            {(control) => <EmailInput {...control} {...register("email")} />}
          </FormField>
        </div>
      )}
      <FormField id={`${id}-topic`} label="What is it about?" required error={errors.topic?.message}>
        {(control) => (
          <NativeSelect {...control} {...register("topic")}>
            <option value="" disabled>
              Choose a topic
            </option>
            {SUPPORT_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {SUPPORT_TOPIC_LABELS[topic]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      {signedIn && bookings.length > 0 ? (
        <FormField
          id={`${id}-booking`}
          label="Booking"
          hint="If your message is about one of your bookings, choose it so we can look it up."
          error={errors.bookingId?.message}
        >
          {(control) => (
            <NativeSelect
              {...control}
              {...register("bookingId", { setValueAs: (value) => (value === "" ? undefined : Number(value)) })}
            >
              <option value="">None</option>
              {bookings.map((booking) => (
                <option key={booking.id} value={booking.id}>
                  {booking.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      ) : null}
      <FormField
        id={`${id}-message`}
        label="Message"
        required
        hint={`${length.toLocaleString("en-GB")} / ${SUPPORT_MESSAGE_MAX.toLocaleString("en-GB")} characters`}
        error={errors.message?.message}
      >
        {(control) => <Textarea rows={6} maxLength={SUPPORT_MESSAGE_MAX} {...control} {...register("message")} />}
      </FormField>
      {create.isError ? (
        <FormFailure>
          {serverMessageOf(create.error, "Your message was not sent. Please check your connection and try again.")}
          {unverified ? (
            <>
              {" "}
              <Link to="/verification-status" className="font-medium underline underline-offset-4">
                Verify your email address
              </Link>
            </>
          ) : null}
        </FormFailure>
      ) : null}
      <Button type="submit" size="lg" className="justify-self-start" disabled={create.isPending}>
        {create.isPending ? "Sending…" : "Send message"}
      </Button>
    </form>
  );
}

import { type TForgotPasswordRequest, ZForgotPasswordRequest } from "@common/schemas/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { ArrowLeft, MailCheck } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { EmailInput } from "@/components/ui/email-input";
import { FormFailure } from "@/components/ui/form-failure";
import { FormField } from "@/components/ui/form-field";
import { LinkButton } from "@/components/ui/link-button";
import { serverMessageOf } from "@/lib/error-message";
import { requestPasswordReset } from "../api/password-reset";
import { AuthHeading } from "./auth-frame";

/** /forgot-password: the address to send a reset link to, then what to look for in the inbox. */
export function ForgotPasswordForm({ initialEmail }: { initialEmail: string }) {
  const id = useId();
  const send = useMutation({ mutationFn: (input: TForgotPasswordRequest) => requestPasswordReset(input.email) });
  const { register, handleSubmit, formState } = useForm<TForgotPasswordRequest>({
    resolver: zodResolver(ZForgotPasswordRequest),
    defaultValues: { email: initialEmail },
  });

  if (send.isSuccess) {
    return (
      <div className="grid gap-6">
        <span
          aria-hidden="true"
          className="flex size-14 items-center justify-center rounded-full bg-success-soft text-success [&_svg]:size-7"
        >
          <MailCheck />
        </span>
        <AuthHeading eyebrow="Password reset" title="Check your inbox" lead={<span role="status">{send.data}</span>} />
        <p className="text-sm text-muted-foreground">
          Nothing after a few minutes? Look in your spam folder, or check the address and ask again.
        </p>
        <LinkButton to="/auth" icon={ArrowLeft} variant="outline" size="lg">
          Back to Sign In
        </LinkButton>
      </div>
    );
  }

  return (
    <div className="grid gap-8">
      <AuthHeading
        eyebrow="Password reset"
        title="Forgot your password?"
        lead="Enter the email address of your account and we will send you a link to choose a new password."
      />
      <form
        noValidate
        aria-label="Send a password reset link"
        className="grid gap-5"
        onSubmit={handleSubmit((input) => send.mutate(input))}
      >
        <FormField id={`${id}-email`} label="Email" required error={formState.errors.email?.message}>
          {(control) => <EmailInput {...control} {...register("email")} />}
        </FormField>
        {send.isError ? (
          <FormFailure>{serverMessageOf(send.error, "The link was not sent. Please try again.")}</FormFailure>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={send.isPending}>
          {send.isPending ? "Sending…" : "Send reset link"}
        </Button>
        <LinkButton to="/auth" variant="link" className="justify-self-center text-sm">
          Back to Sign In
        </LinkButton>
      </form>
    </div>
  );
}

import { PASSWORD_MIN_LENGTH, ZNewPassword } from "@common/schemas/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Clock, KeyRound, LinkIcon, Loader2 } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormFailure } from "@/components/ui/form-failure";
import { FormField } from "@/components/ui/form-field";
import { LinkButton } from "@/components/ui/link-button";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { checkResetLink, resetPassword } from "../api/password-reset";
import { storeSignedInUser } from "../hooks/use-sign-in";
import { AuthHeading } from "./auth-frame";
import { PasswordInput } from "./password-input";

const ZChooseNewPassword = z
  .object({ password: ZNewPassword, confirm: z.string() })
  .refine((form) => form.password === form.confirm, { message: "The two passwords differ", path: ["confirm"] });
type TChooseNewPassword = z.infer<typeof ZChooseNewPassword>;

/** /reset-password?token=: checks the link, then takes the new password; signed in afterwards where the rules allow. */
export function ResetPasswordForm({ token }: { token: string }) {
  const link = useQuery({ queryKey: ["reset-link", token], queryFn: () => checkResetLink(token), retry: false });

  if (link.isPending) {
    return (
      <div role="status" className="flex items-center gap-3 py-10 text-muted-foreground">
        <Loader2 aria-hidden="true" className="size-5 animate-spin" />
        Checking your link…
      </div>
    );
  }
  if (link.isError || !link.data.usable) {
    const expired = link.data?.usable === false && link.data.expired;
    return (
      <LinkProblem
        expired={expired}
        message={
          link.data?.usable === false
            ? link.data.message
            : serverMessageOf(link.error, "We could not check this link. Please try again.")
        }
      />
    );
  }
  return <NewPasswordForm token={token} />;
}

function LinkProblem({ expired, message }: { expired: boolean; message: string }) {
  return (
    <div className="grid gap-6">
      <span
        aria-hidden="true"
        className="flex size-14 items-center justify-center rounded-full bg-warning-soft text-warning [&_svg]:size-7"
      >
        {expired ? <Clock /> : <LinkIcon />}
      </span>
      <AuthHeading
        eyebrow="Password reset"
        title={expired ? "This link has expired" : "This link cannot be used"}
        lead={message}
      />
      <LinkButton to="/forgot-password" size="lg">
        Send me a new link
      </LinkButton>
    </div>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState } = useForm<TChooseNewPassword>({
    resolver: zodResolver(ZChooseNewPassword),
    defaultValues: { password: "", confirm: "" },
  });
  const reset = useMutation({
    mutationFn: (form: TChooseNewPassword) => resetPassword({ token, password: form.password }),
    onSuccess: async (outcome) => {
      if (outcome.user) {
        await storeSignedInUser(queryClient, outcome.user);
        toast({ title: "Password changed", description: "You are signed in with your new password." });
        navigate(outcome.requiresPhoneVerification ? "/phone-verification" : "/dashboard");
        return;
      }
      // Changed, but the account cannot sign in yet (a landlord awaiting approval): say why on the sign-in page.
      toast({ title: "Password changed", description: outcome.message ?? "Your password has been changed." });
      navigate("/auth");
    },
  });
  const { errors } = formState;

  return (
    <div className="grid gap-8">
      <AuthHeading
        eyebrow="Password reset"
        title="Choose a new password"
        lead="Every device signed in to your account will be signed out."
      />
      <form
        noValidate
        aria-label="Choose a new password"
        className="grid gap-5"
        onSubmit={handleSubmit((form) => reset.mutate(form))}
      >
        <FormField
          id={`${id}-password`}
          label="New password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong one.`}
          error={errors.password?.message}
        >
          {(control) => <PasswordInput {...control} autoComplete="new-password" {...register("password")} />}
        </FormField>
        <FormField id={`${id}-confirm`} label="Repeat the new password" required error={errors.confirm?.message}>
          {(control) => <PasswordInput {...control} autoComplete="new-password" {...register("confirm")} />}
        </FormField>
        {reset.isError ? (
          <FormFailure>{serverMessageOf(reset.error, "Your password was not changed. Please try again.")}</FormFailure>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
          <KeyRound aria-hidden="true" />
          {reset.isPending ? "Saving…" : "Save new password"}
        </Button>
      </form>
    </div>
  );
}

import {
  type TTwoFactorSetup,
  type TTwoFactorStatus,
  ZTwoFactorConfirm,
  ZTwoFactorProof,
} from "@common/schemas/two-factor";
import { formatDate } from "@common/utils/dates";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { KeyRound, RefreshCw, ShieldCheck, ShieldOff } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { FormFailure } from "@/components/ui/form-failure";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { OneTimeCodeInput } from "@/components/ui/one-time-code-input";
import { QueryStateView } from "@/components/ui/query-state-view";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { queryPageState } from "@/lib/query-state";
import {
  twoFactorQueryOptions,
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useRegenerateRecoveryCodes,
  useStartTwoFactorSetup,
  useTwoFactorChanged,
} from "../api/security-api";
import { AccountDialog } from "./account-dialog";
import { FormSubmit } from "./form-submit";

/**
 * Two-factor sign-in with an authenticator app: set it up (a QR code, or the key typed in, then a code to prove it
 * worked), keep recovery codes, and turn it off. Administrators must have it, so for them it cannot be turned off.
 */
export function TwoFactorCard({ hasPassword, onChanged }: { hasPassword: boolean; onChanged: () => Promise<unknown> }) {
  const status = useQuery(twoFactorQueryOptions);
  return (
    <Card id="two-factor" className="scroll-mt-24">
      <CardHeader>
        <h2 className="font-display text-xl font-medium leading-tight">Two-factor sign-in</h2>
        <p className="text-sm text-muted-foreground">
          After your password, a 6-digit code from an authenticator app on your phone, so a stolen password alone cannot
          open your account.
        </p>
      </CardHeader>
      <CardContent>
        <QueryStateView
          state={queryPageState(status, "refetch")}
          errorTitle="Two-factor sign-in could not be loaded"
          loading={<Skeleton className="h-20 rounded-2xl" />}
        >
          {(current) => <TwoFactorState status={current} hasPassword={hasPassword} onChanged={onChanged} />}
        </QueryStateView>
      </CardContent>
    </Card>
  );
}

function TwoFactorState({
  status,
  hasPassword,
  onChanged,
}: {
  status: TTwoFactorStatus;
  hasPassword: boolean;
  onChanged: () => Promise<unknown>;
}) {
  if (!status.enabled) {
    return (
      <div className="grid gap-4">
        {status.required ? (
          <Alert variant="warning">
            <KeyRound aria-hidden="true" />
            <AlertTitle>Set up two-factor sign-in to continue</AlertTitle>
            <AlertDescription>
              Administrators sign in with a code from an authenticator app. The admin pages open once it is on.
            </AlertDescription>
          </Alert>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Badge variant="warning">Off</Badge>
          <SetupDialog onChanged={onChanged} />
        </div>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Badge variant="success">
          <ShieldCheck aria-hidden="true" />
          On
        </Badge>
        <p className="text-sm text-muted-foreground">
          {status.enabledAt ? `Since ${formatDate(status.enabledAt)}. ` : ""}
          {status.recoveryCodesLeft === 1
            ? "1 recovery code left."
            : `${status.recoveryCodesLeft} recovery codes left.`}
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <ProofDialog kind="recovery-codes" hasPassword={hasPassword} onChanged={onChanged} />
        {status.required ? null : <ProofDialog kind="disable" hasPassword={hasPassword} onChanged={onChanged} />}
      </div>
    </div>
  );
}

type ConfirmInput = z.input<typeof ZTwoFactorConfirm>;

/** Set up: the QR code and key, then a code from the app; the recovery codes are shown once it is on. */
function SetupDialog({ onChanged }: { onChanged: () => Promise<unknown> }) {
  const id = useId();
  const start = useStartTwoFactorSetup();
  const confirm = useConfirmTwoFactor();
  const changed = useTwoFactorChanged(onChanged);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<
    ConfirmInput,
    unknown,
    z.output<typeof ZTwoFactorConfirm>
  >({ resolver: zodResolver(ZTwoFactorConfirm), defaultValues: { code: "" } });
  const busy = start.isPending || confirm.isPending;

  return (
    <AccountDialog
      onOpen={() => {
        reset({ code: "" });
        setCodes(null);
        confirm.reset();
        start.mutate();
      }}
      onClosed={() => {
        if (confirm.isSuccess) void changed();
      }}
      trigger={
        <Button>
          <ShieldCheck aria-hidden="true" />
          Set up two-factor sign-in
        </Button>
      }
      title={codes ? "Save your recovery codes" : "Set up two-factor sign-in"}
      description={
        codes
          ? "Each code signs you in once if you lose your phone. Keep them somewhere safe: they are not shown again."
          : "Scan the QR code with an authenticator app (such as Google Authenticator, 1Password or Microsoft Authenticator), then enter the code it shows."
      }
      busy={busy}
    >
      {(close) =>
        codes ? (
          <SavedRecoveryCodes codes={codes} onSaved={close} />
        ) : start.isError ? (
          <FormFailure>
            {serverMessageOf(start.error, "Two-factor sign-in could not be set up. Please try again.")}
          </FormFailure>
        ) : !start.data ? (
          <Skeleton className="h-64 rounded-2xl" aria-label="Preparing your QR code" />
        ) : (
          <form
            noValidate
            className="grid gap-5"
            onSubmit={handleSubmit(({ code }) =>
              confirm.mutate(code, {
                onSuccess: ({ recoveryCodes }) => {
                  setCodes(recoveryCodes);
                  toast({ title: "Two-factor sign-in is on", description: "We have emailed you to say so." });
                },
              }),
            )}
          >
            <SecretDisplay setup={start.data} />
            <FormField
              id={`${id}-code`}
              label="Code from your app"
              required
              hint="6 digits; a new one appears every 30 seconds."
              error={formState.errors.code?.message}
            >
              {(control) => <OneTimeCodeInput {...control} {...register("code")} />}
            </FormField>
            {confirm.isError ? (
              <FormFailure>{serverMessageOf(confirm.error, "Two-factor sign-in was not turned on.")}</FormFailure>
            ) : null}
            <Button type="submit" className="justify-self-end" disabled={busy}>
              {confirm.isPending ? "Checking…" : "Turn on"}
            </Button>
          </form>
        )
      }
    </AccountDialog>
  );
}

function SecretDisplay({ setup }: { setup: TTwoFactorSetup }) {
  return (
    <div className="grid gap-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center">
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt="QR code to scan with your authenticator app"
        width={176}
        height={176}
        className="mx-auto size-44 rounded-xl border border-border bg-white p-2"
      />
      <div className="grid min-w-0 gap-1.5 text-sm">
        <p className="text-muted-foreground">Cannot scan it? Enter this key in the app instead:</p>
        <code
          data-testid="two-factor-secret"
          className="break-all rounded-lg bg-sand px-3 py-2 font-mono text-sm tracking-wider text-foreground"
        >
          {setup.secret.replace(/(.{4})/g, "$1 ").trim()}
        </code>
      </div>
    </div>
  );
}

/** New recovery codes, shown once; the dialog closes only when the owner says they have kept them. */
function SavedRecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  return (
    <div className="grid gap-5">
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-xl border border-border bg-sand/60 p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wider">
            {code}
          </li>
        ))}
      </ul>
      <Button className="justify-self-end" onClick={onSaved}>
        I have saved them
      </Button>
    </div>
  );
}

type ProofInput = z.input<typeof ZTwoFactorProof>;

/** Turn off, or new recovery codes: the current password or a code from the app proves it is the account's owner. */
function ProofDialog({
  kind,
  hasPassword,
  onChanged,
}: {
  kind: "disable" | "recovery-codes";
  hasPassword: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const id = useId();
  const disable = useDisableTwoFactor(onChanged);
  const regenerate = useRegenerateRecoveryCodes();
  const mutation = kind === "disable" ? disable : regenerate;
  const [codes, setCodes] = useState<string[] | null>(null);
  const empty = { currentPassword: "", code: "" };
  const { register, handleSubmit, formState, reset } = useForm<ProofInput, unknown, z.output<typeof ZTwoFactorProof>>({
    resolver: zodResolver(ZTwoFactorProof),
    defaultValues: empty,
  });
  const title = kind === "disable" ? "Turn off two-factor sign-in" : "New recovery codes";

  return (
    <AccountDialog
      onOpen={() => {
        reset(empty);
        setCodes(null);
        disable.reset();
        regenerate.reset();
      }}
      trigger={
        <Button variant="outline">
          {kind === "disable" ? <ShieldOff aria-hidden="true" /> : <RefreshCw aria-hidden="true" />}
          {title}
        </Button>
      }
      title={codes ? "Save your recovery codes" : title}
      description={
        codes
          ? "Your old codes no longer work. Keep these somewhere safe: they are not shown again."
          : kind === "disable"
            ? "Your password alone will sign you in, and your recovery codes stop working. We email you to say so."
            : "Your old recovery codes stop working."
      }
      busy={mutation.isPending}
    >
      {(close) =>
        codes ? (
          <SavedRecoveryCodes codes={codes} onSaved={close} />
        ) : (
          <form
            noValidate
            className="grid gap-5"
            onSubmit={handleSubmit((input) => {
              const proof = {
                ...(input.currentPassword ? { currentPassword: input.currentPassword } : {}),
                ...(input.code?.trim() ? { code: input.code.trim() } : {}),
              };
              if (kind === "disable") {
                disable.mutate(proof, {
                  onSuccess: ({ message }) => {
                    close();
                    toast({ title: "Two-factor sign-in is off", description: message });
                  },
                });
              } else {
                regenerate.mutate(proof, { onSuccess: ({ recoveryCodes }) => setCodes(recoveryCodes) });
              }
            })}
          >
            {hasPassword ? (
              <FormField
                id={`${id}-password`}
                label="Current password"
                hint="Or leave it empty and enter a code below."
              >
                {(control) => (
                  <Input
                    type="password"
                    autoComplete="current-password"
                    {...control}
                    {...register("currentPassword")}
                  />
                )}
              </FormField>
            ) : null}
            <FormField
              id={`${id}-code`}
              label={hasPassword ? "Or a code from your app" : "Code from your app"}
              error={formState.errors.code?.message}
            >
              {(control) => <OneTimeCodeInput {...control} {...register("code")} />}
            </FormField>
            <FormSubmit
              mutation={mutation}
              failure="Nothing was changed."
              pendingLabel="Checking…"
              label={kind === "disable" ? "Turn off" : "Make new codes"}
              variant={kind === "disable" ? "destructive" : "default"}
            />
          </form>
        )
      }
    </AccountDialog>
  );
}

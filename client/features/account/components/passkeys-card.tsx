import { type TPasskey, ZPasskeyRename } from "@common/schemas/passkeys";
import { formatDate } from "@common/utils/dates";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Fingerprint, Pencil, Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { QueryStateView } from "@/components/ui/query-state-view";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { queryPageState } from "@/lib/query-state";
import { passkeysQueryOptions, useAddPasskey, useRemovePasskey, useRenamePasskey } from "../api/security-api";
import { AccountDialog } from "./account-dialog";
import { FormSubmit } from "./form-submit";

/** The browser's own words when the person closes its passkey prompt: not an error worth alarming anyone with. */
const isCancelled = (error: unknown) =>
  error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");

/**
 * Passkeys: sign in with the phone's or computer's screen lock instead of a password. Add one from this device,
 * rename or remove the ones listed.
 */
export function PasskeysCard() {
  const list = useQuery(passkeysQueryOptions);
  const add = useAddPasskey();
  const remove = useRemovePasskey();

  return (
    <Card id="passkeys" className="scroll-mt-24">
      <CardHeader>
        <h2 className="font-display text-xl font-medium leading-tight">Passkeys</h2>
        <p className="text-sm text-muted-foreground">
          Sign in with your fingerprint, face or screen lock instead of a password. Nothing secret leaves your device.
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryStateView
          state={queryPageState(list, "refetch")}
          errorTitle="Your passkeys could not be loaded"
          loading={<Skeleton className="h-16 rounded-2xl" />}
        >
          {(passkeys) =>
            passkeys.length === 0 ? (
              <p className="text-sm text-muted-foreground">You have no passkeys yet.</p>
            ) : (
              <ul aria-label="Your passkeys" className="divide-y divide-border border-y border-border">
                {passkeys.map((passkey) => (
                  <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 py-4">
                    <div className="flex min-w-0 items-start gap-3">
                      <Fingerprint aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brass-700" />
                      <div className="min-w-0">
                        <p className="font-medium break-words">{passkey.name}</p>
                        <p className="text-sm text-muted-foreground">
                          Added {formatDate(passkey.createdAt)}
                          {passkey.lastUsedAt ? ` · last used ${formatDate(passkey.lastUsedAt)}` : " · not used yet"}
                        </p>
                      </div>
                    </div>
                    <div className="flex gap-2">
                      <RenameDialog passkey={passkey} />
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove ${passkey.name}`}
                        disabled={remove.isPending && remove.variables === passkey.id}
                        onClick={() =>
                          remove.mutate(passkey.id, {
                            onSuccess: () =>
                              toast({
                                title: "Passkey removed",
                                description: `${passkey.name} no longer signs you in.`,
                              }),
                            onError: (error) =>
                              toast({
                                variant: "destructive",
                                title: "Not removed",
                                description: serverMessageOf(error, "Please try again."),
                              }),
                          })
                        }
                      >
                        <Trash2 aria-hidden="true" />
                        Remove
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryStateView>
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={add.isPending}
          onClick={() =>
            add.mutate(undefined, {
              onSuccess: (passkey) =>
                toast({ title: "Passkey added", description: `${passkey.name} can now sign you in.` }),
              onError: (error) => {
                if (isCancelled(error)) return;
                toast({
                  variant: "destructive",
                  title: "Passkey not added",
                  description: serverMessageOf(error, "This browser or device could not make a passkey."),
                });
              },
            })
          }
        >
          <Plus aria-hidden="true" />
          {add.isPending ? "Waiting for your device…" : "Add a passkey"}
        </Button>
      </CardContent>
    </Card>
  );
}

type RenameInput = z.input<typeof ZPasskeyRename>;

function RenameDialog({ passkey }: { passkey: TPasskey }) {
  const id = useId();
  const rename = useRenamePasskey();
  const { register, handleSubmit, formState, reset } = useForm<RenameInput, unknown, z.output<typeof ZPasskeyRename>>({
    resolver: zodResolver(ZPasskeyRename),
    defaultValues: { name: passkey.name },
  });
  return (
    <AccountDialog
      onOpen={() => {
        reset({ name: passkey.name });
        rename.reset();
      }}
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Rename ${passkey.name}`}>
          <Pencil aria-hidden="true" />
          Rename
        </Button>
      }
      title="Rename passkey"
      description="A name that tells you which device or password manager holds it."
      busy={rename.isPending}
    >
      {(close) => (
        <form
          noValidate
          className="grid gap-5"
          onSubmit={handleSubmit(({ name }) => rename.mutate({ id: passkey.id, name }, { onSuccess: () => close() }))}
        >
          <FormField id={`${id}-name`} label="Name" required error={formState.errors.name?.message}>
            {(control) => <Input autoComplete="off" {...control} {...register("name")} />}
          </FormField>
          <FormSubmit mutation={rename} failure="The name was not saved." pendingLabel="Saving…" label="Save name" />
        </form>
      )}
    </AccountDialog>
  );
}

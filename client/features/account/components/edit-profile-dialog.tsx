import { type TProfileUpdate, ZProfileUpdate } from "@common/schemas/account";
import type { TSessionUser } from "@common/schemas/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { useUpdateProfile } from "../api/account-api";
import { AccountDialog } from "./account-dialog";
import { FormSubmit } from "./form-submit";

/** Edit Profile: the name hosts, guests and the team see on bookings and messages. */
export function EditProfileDialog({ user, onSaved }: { user: TSessionUser; onSaved: () => Promise<unknown> }) {
  const id = useId();
  const save = useUpdateProfile(onSaved);
  const defaults = { firstName: user.firstName ?? "", lastName: user.lastName ?? "" };
  const { register, handleSubmit, formState, reset } = useForm<TProfileUpdate>({
    resolver: zodResolver(ZProfileUpdate),
    defaultValues: defaults,
  });

  return (
    <AccountDialog
      onOpen={() => {
        reset(defaults);
        save.reset();
      }}
      trigger={
        <Button variant="outline">
          <Pencil aria-hidden="true" />
          Edit Profile
        </Button>
      }
      title="Edit profile"
      description="Your name as hosts, guests and our team see it on bookings and messages."
      busy={save.isPending}
    >
      {(close) => (
        <form
          noValidate
          className="grid gap-5"
          onSubmit={handleSubmit((input) =>
            save.mutate(input, {
              onSuccess: ({ message }) => {
                close();
                toast({ title: "Profile saved", description: message });
              },
            }),
          )}
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id={`${id}-first`} label="First name" required error={formState.errors.firstName?.message}>
              {(control) => <Input autoComplete="given-name" {...control} {...register("firstName")} />}
            </FormField>
            <FormField id={`${id}-last`} label="Last name" required error={formState.errors.lastName?.message}>
              {(control) => <Input autoComplete="family-name" {...control} {...register("lastName")} />}
            </FormField>
          </div>
          <FormSubmit mutation={save} failure="Your name was not saved." pendingLabel="Saving…" label="Save" />
        </form>
      )}
    </AccountDialog>
  );
}

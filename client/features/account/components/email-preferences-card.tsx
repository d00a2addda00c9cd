import { type TEmailPreferences, ZEmailPreferences } from "@common/schemas/account";
import { formatDate } from "@common/utils/dates";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { CHOICE_CARD, CHOICE_INPUT } from "@/components/ui/choice-card";
import { FormFailure } from "@/components/ui/form-failure";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { emailPreferencesQueryOptions, useSaveEmailPreferences } from "../api/account-api";

const CHOICES: { name: keyof TEmailPreferences; label: string; hint: string }[] = [
  { name: "reminders", label: "Stay reminders", hint: "A reminder three days before a stay begins." },
  { name: "marketing", label: "News and offers", hint: "News from StayLondon and offers on homes, when we have some." },
];

/**
 * The e-mails a person chooses beyond the ones the service needs. Both start off; each such e-mail has an
 * unsubscribe link too, so this is not the only way out.
 */
export function EmailPreferencesCard() {
  const preferences = useQuery(emailPreferencesQueryOptions);
  const save = useSaveEmailPreferences();
  const form = useForm<TEmailPreferences>({
    resolver: zodResolver(ZEmailPreferences),
    defaultValues: { reminders: false, marketing: false },
  });
  const { reset } = form;
  const saved = preferences.data;
  useEffect(() => {
    if (saved) reset({ reminders: saved.reminders, marketing: saved.marketing });
  }, [saved, reset]);

  return (
    <Card>
      <CardHeader>
        <h2 className="font-display text-xl font-medium leading-tight">Emails</h2>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm leading-relaxed text-muted-foreground">
          Emails about your bookings, payments, account security and support requests are always sent. Anything else is
          up to you.
        </p>
        {preferences.isPending ? (
          <Skeleton className="h-32 w-full rounded-xl" />
        ) : preferences.isError ? (
          <LoadErrorAlert
            title="Your email choices could not be loaded"
            onRetry={() => void preferences.refetch()}
            retryLabel="Retry"
            retrying={preferences.isFetching}
          />
        ) : (
          <form
            noValidate
            className="grid gap-4"
            onSubmit={form.handleSubmit((input) =>
              save.mutate(input, { onSuccess: () => toast({ title: "Email choices saved" }) }),
            )}
          >
            <fieldset className="grid gap-2">
              <legend className="sr-only">Emails you would like</legend>
              {CHOICES.map((choice) => (
                <label key={choice.name} className={CHOICE_CARD}>
                  <input type="checkbox" className={CHOICE_INPUT} {...form.register(choice.name)} />
                  <span className="grid gap-0.5">
                    <span className="font-medium">{choice.label}</span>
                    <span className="text-muted-foreground">{choice.hint}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            {save.isError ? (
              <FormFailure>{serverMessageOf(save.error, "Your email choices were not saved.")}</FormFailure>
            ) : null}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-xs text-muted-foreground">
                {saved?.updatedAt ? `Last changed ${formatDate(saved.updatedAt)}` : "You have not chosen any yet."}
              </p>
              <Button type="submit" variant="outline" disabled={save.isPending || !form.formState.isDirty}>
                {save.isPending ? "Saving…" : "Save email choices"}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

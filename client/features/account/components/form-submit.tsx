import { Button, type ButtonProps } from "@/components/ui/button";
import { FormFailure } from "@/components/ui/form-failure";
import { serverMessageOf } from "@/lib/error-message";

/**
 * The end of an account form: why the last try failed, if it did, then its submit button, which says what it is
 * doing while the request is out.
 */
export function FormSubmit({
  mutation,
  failure,
  label,
  pendingLabel,
  variant,
}: {
  mutation: { isError: boolean; isPending: boolean; error: unknown };
  /** What the user reads when the server gives no reason of its own. */
  failure: string;
  label: string;
  pendingLabel: string;
  variant?: ButtonProps["variant"];
}) {
  return (
    <>
      {mutation.isError ? <FormFailure>{serverMessageOf(mutation.error, failure)}</FormFailure> : null}
      <Button type="submit" variant={variant} className="justify-self-end" disabled={mutation.isPending}>
        {mutation.isPending ? pendingLabel : label}
      </Button>
    </>
  );
}

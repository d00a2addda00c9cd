import { DAMAGE_DECISIONS, formatPence } from "@common/domain/damage-claims";
import { poundsToPence } from "@common/domain/pricing";
import { type TDamageClaim, type TDecideDamageClaimForm, ZDecideDamageClaimForm } from "@common/schemas/damage-claims";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { NativeSelect } from "@/components/ui/native-select";
import { adminClaimsQueryOptions, useDecideClaim } from "../api/damage-claims-api";
import { ClaimDetails } from "./claim-details";
import { Button, FormFailure, FormField, Input, LoadingSpinner, serverMessageOf, Textarea } from "./form-parts";

const DECISION_OPTIONS: Record<(typeof DAMAGE_DECISIONS)[number], string> = {
  uphold: "Uphold in full",
  part: "Uphold in part",
  reject: "Reject",
};

/** The admins' list: each disputed claim with its evidence and both sides' words, and the decision form. */
export function AdminClaimsPage() {
  const claims = useQuery(adminClaimsQueryOptions);
  if (claims.isPending) return <LoadingSpinner label="Loading claims…" />;
  if (claims.isError) {
    return (
      <FormFailure>{serverMessageOf(claims.error, "The claims could not be loaded. Please try again.")}</FormFailure>
    );
  }
  if (claims.data.length === 0) return <p>No disputed damage claims.</p>;
  return (
    <div className="grid gap-8">
      {claims.data.map((claim) => (
        <div key={claim.id} className="grid gap-4">
          <ClaimDetails claim={claim} />
          {claim.status === "disputed" ? <DecisionForm claim={claim} /> : null}
        </div>
      ))}
    </div>
  );
}

function DecisionForm({ claim }: { claim: TDamageClaim }) {
  const decide = useDecideClaim();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TDecideDamageClaimForm>({
    resolver: zodResolver(ZDecideDamageClaimForm),
    defaultValues: { decision: "uphold", amount: "", reason: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const decision = form.watch("decision");
  const ids = `decision-${claim.id}`;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    if (values.decision === "part" && !/^\d{1,7}(\.\d{1,2})?$/.test(values.amount)) {
      form.setError("amount", { message: "Give the amount in pounds with at most two decimal places, such as 80.00" });
      return;
    }
    try {
      await decide.mutateAsync({
        claimId: claim.id,
        body: {
          decision: values.decision,
          reason: values.reason,
          ...(values.decision === "part" && { amountPence: poundsToPence(values.amount) }),
        },
      });
    } catch (error) {
      setFailure(serverMessageOf(error, "The decision could not be saved. Please try again."));
    }
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Decide the claim of ${formatPence(claim.amountPence)} on ${claim.propertyTitle}`}
      className="grid gap-4 rounded-3xl border border-border bg-card p-5 sm:p-7"
    >
      <FormField id={`${ids}-decision`} label="Decision" required>
        {(control) => (
          <NativeSelect {...control} {...form.register("decision")}>
            {DAMAGE_DECISIONS.map((value) => (
              <option key={value} value={value}>
                {DECISION_OPTIONS[value]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      {decision === "part" ? (
        <FormField
          id={`${ids}-amount`}
          label="Amount to charge (£)"
          required
          hint={`Less than the claim's ${formatPence(claim.amountPence)}`}
          error={errors.amount?.message}
        >
          {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...form.register("amount")} />}
        </FormField>
      ) : null}
      <FormField id={`${ids}-reason`} label="Reason (sent to both sides)" required error={errors.reason?.message}>
        {(control) => <Textarea {...control} rows={3} maxLength={1000} {...form.register("reason")} />}
      </FormField>
      {failure ? <FormFailure>{failure}</FormFailure> : null}
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Record decision"}
        </Button>
      </div>
    </form>
  );
}

import type { TPricingRule } from "@common/schemas/landlord-properties";
import { CalendarDays, Pencil, Plus, Tags, Trash2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Fact } from "@/components/ui/fact";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { formatPounds } from "@/lib/format";
import { cn } from "@/lib/utils";
import { usePricingRuleChange, usePricingRules } from "../../api/manage-property-api";
import { ruleChange, ruleDays, ruleStay, ruleWhen } from "../../utils/pricing-rule-form";
import { PricingRuleDialog } from "./pricing-rule-dialog";
import { EmptyState, SectionFrame, SectionQuery } from "./section-frame";

/** Pricing rules: list, create and edit in a dialog, delete after a confirmation. */
export function PricingRulesSection({
  propertyId,
  basePrice,
  onShowCalendar,
}: {
  propertyId: string;
  basePrice: string;
  onShowCalendar: () => void;
}) {
  const rules = usePricingRules(propertyId, true);
  const [editing, setEditing] = useState<{ open: boolean; rule: TPricingRule | null }>({ open: false, rule: null });
  const [deleting, setDeleting] = useState<TPricingRule | null>(null);
  const remove = usePricingRuleChange(propertyId);

  const addButton = (
    <Button onClick={() => setEditing({ open: true, rule: null })}>
      <Plus aria-hidden="true" />
      Add pricing rule
    </Button>
  );

  return (
    <SectionFrame
      id="manage-pricing"
      title="Pricing"
      description={
        <>
          Your base price is <span className="font-medium text-foreground">{formatPounds(basePrice)}</span> a night.
          Rules raise or lower it for seasons, weekends or longer stays; the calendar shows the resulting price of every
          night.
        </>
      }
      actions={
        <>
          <Button variant="outline" onClick={onShowCalendar}>
            <CalendarDays aria-hidden="true" />
            See prices in the calendar
          </Button>
          {rules.data && rules.data.length > 0 ? addButton : null}
        </>
      }
    >
      <SectionQuery query={rules} loading="Loading pricing rules…" failed="Failed to load pricing rules">
        {(list) =>
          list.length === 0 ? (
            <EmptyState icon={<Tags />} title="No pricing rules yet" action={addButton}>
              Every night costs the base price. Add a rule to charge more at busy times or reward longer stays.
            </EmptyState>
          ) : (
            <ul className="grid gap-4" aria-label="Pricing rules">
              {[...list]
                .sort((a, b) => b.priority - a.priority || a.createdAt.localeCompare(b.createdAt))
                .map((rule) => (
                  <li key={rule.id}>
                    <article
                      aria-labelledby={`rule-${rule.id}-name`}
                      className={cn(
                        "rounded-2xl border border-border bg-card p-4 shadow-soft sm:p-5",
                        !rule.isActive && "bg-card/70",
                      )}
                    >
                      <div className="flex flex-wrap items-start justify-between gap-3">
                        <div className="flex flex-wrap items-center gap-2">
                          <h3 id={`rule-${rule.id}-name`} className="font-display text-lg font-medium break-words">
                            {rule.name}
                          </h3>
                          {rule.isActive ? (
                            <Badge variant="success">Active</Badge>
                          ) : (
                            <Badge variant="secondary">Paused</Badge>
                          )}
                        </div>
                        <div className="flex gap-2">
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Edit ${rule.name}`}
                            onClick={() => setEditing({ open: true, rule })}
                          >
                            <Pencil aria-hidden="true" />
                            Edit
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            className="text-destructive hover:bg-destructive-soft"
                            aria-label={`Delete ${rule.name}`}
                            onClick={() => setDeleting(rule)}
                          >
                            <Trash2 aria-hidden="true" />
                            Delete
                          </Button>
                        </div>
                      </div>
                      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3 lg:grid-cols-5">
                        <Fact term="Change">
                          <span className="font-semibold">{ruleChange(rule)}</span>
                        </Fact>
                        <Fact term="Dates">{ruleWhen(rule)}</Fact>
                        <Fact term="Nights">{ruleDays(rule.daysOfWeek)}</Fact>
                        <Fact term="Stay length">{ruleStay(rule)}</Fact>
                        <Fact term="Priority">{rule.priority}</Fact>
                      </dl>
                    </article>
                  </li>
                ))}
            </ul>
          )
        }
      </SectionQuery>

      <PricingRuleDialog
        propertyId={propertyId}
        open={editing.open}
        rule={editing.rule}
        onOpenChange={(open) => setEditing((e) => ({ ...e, open }))}
      />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        pending={remove.isPending}
        title={<>Delete “{deleting?.name}”?</>}
        description="The nights it priced go back to the base price or the next rule. Bookings already made keep their price."
        cancelLabel="Keep rule"
        confirmLabel="Delete rule"
        destructive
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { kind: "delete", ruleId: deleting.id },
            {
              onSuccess: () => {
                toast({ title: "Pricing rule deleted", description: deleting.name });
                setDeleting(null);
              },
              onError: (error) => {
                toast({
                  variant: "destructive",
                  title: "Rule not deleted",
                  description: serverMessageOf(error, "Please try again."),
                });
              },
            },
          )
        }
      />
    </SectionFrame>
  );
}

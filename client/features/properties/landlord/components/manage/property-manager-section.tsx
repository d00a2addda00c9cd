import { MAX_MANAGEMENT_FEE_PERCENT } from "@common/domain/management-fee";
import {
  type TAssignManager,
  type TAssignManagerInput,
  type TManagerAssignment,
  type TPropertyManagement,
  ZAssignManager,
} from "@common/schemas/property-management";
import { formatDate } from "@common/utils/dates";
import { zodResolver } from "@hookform/resolvers/zod";
import { History, Loader2, Mail, UserCog, UserMinus, UserPlus } from "lucide-react";
import type * as React from "react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormFailure } from "@/components/ui/form-failure";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label, RequiredMark } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { isApiError } from "@/lib/api-client";
import { serverMessageOf } from "@/lib/error-message";
import { mutateThen } from "@/lib/mutation";
import { confirmOutcome } from "../../../utils/confirm-outcome";
import { useAssignManager, useEndManagerAssignment, usePropertyManagement } from "../../api/property-manager-api";
import { Panel, SectionFrame, SectionQuery } from "./section-frame";

/** The conversation of one assignment, given by the page's route (features never import each other). */
export type ThreadViewSlot = React.ComponentType<{ assignmentId: number }>;

/**
 * Who manages the property: the current manager (assign by e-mail, change, end), the earlier ones, and the
 * conversation with the manager, each assignment with its own.
 */
export function PropertyManagerSection({
  propertyRef,
  ThreadView,
}: {
  propertyRef: string;
  ThreadView: ThreadViewSlot;
}) {
  const management = usePropertyManagement(propertyRef);
  return (
    <SectionFrame
      id="manage-manager"
      title="Property manager"
      description="A property manager runs this property day to day: they see it, its bookings and its maintenance, and you talk to them here."
    >
      <SectionQuery
        query={management}
        loading="Loading the property's manager…"
        failed="Failed to load the property's manager"
      >
        {(data) => <ManagerDetails propertyRef={propertyRef} management={data} ThreadView={ThreadView} />}
      </SectionQuery>
    </SectionFrame>
  );
}

function ManagerDetails({
  propertyRef,
  management,
  ThreadView,
}: {
  propertyRef: string;
  management: TPropertyManagement;
  ThreadView: ThreadViewSlot;
}) {
  const { current, history } = management;
  const [changing, setChanging] = useState(false);
  return (
    <div className="grid gap-6">
      <Panel>
        <h3 className="flex items-center gap-2 text-sm font-semibold">
          <UserCog aria-hidden="true" className="size-4 text-brass-700" />
          Current manager
        </h3>
        {current ? (
          <CurrentManager
            propertyRef={propertyRef}
            assignment={current}
            changing={changing}
            onChange={() => setChanging((open) => !open)}
          />
        ) : (
          <p className="mt-3 text-sm text-muted-foreground">
            Nobody manages this property: you run it yourself. Assign a property manager by the e-mail of their
            StayLondon account.
          </p>
        )}
        {!current || changing ? (
          <AssignForm propertyRef={propertyRef} replacing={current} onDone={() => setChanging(false)} />
        ) : null}
      </Panel>

      {current ? (
        <Panel>
          <ThreadView assignmentId={current.id} />
        </Panel>
      ) : null}

      {history.length > 0 ? <EarlierManagers history={history} ThreadView={ThreadView} /> : null}
    </div>
  );
}

function CurrentManager({
  propertyRef,
  assignment,
  changing,
  onChange,
}: {
  propertyRef: string;
  assignment: TManagerAssignment;
  changing: boolean;
  onChange: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const end = useEndManagerAssignment(propertyRef);
  const { manager } = assignment;

  function confirmEnd() {
    // The answer takes this manager off the page, so the toast must not depend on this component staying mounted.
    mutateThen(
      end,
      undefined,
      confirmOutcome(
        () => setConfirming(false),
        () => ({ title: "Assignment ended", description: `${manager.name} no longer manages this property.` }),
        "Assignment not ended",
      ),
    );
  }

  return (
    <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <dl className="grid gap-1 text-sm">
        <dt className="sr-only">Name</dt>
        <dd className="font-display text-xl font-medium">{manager.name}</dd>
        <dt className="sr-only">E-mail</dt>
        <dd>
          <a
            href={`mailto:${manager.email}`}
            className="inline-flex items-center gap-1.5 break-all text-brass-700 underline-offset-4 hover:underline"
          >
            <Mail aria-hidden="true" className="size-3.5 shrink-0" />
            {manager.email}
          </a>
        </dd>
        <dt className="sr-only">Since</dt>
        <dd className="text-muted-foreground">
          Managing since {formatDate(assignment.startedAt)}
          {assignment.assignedBy ? `, assigned by ${assignment.assignedBy}` : ""}
        </dd>
        <dt className="sr-only">Management fee</dt>
        <dd className="text-muted-foreground">
          {assignment.feePercent > 0
            ? `Management fee: ${formatPercentFee(assignment.feePercent)} of each stay's nights`
            : "No management fee"}
        </dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onChange} aria-expanded={changing}>
          <UserPlus aria-hidden="true" />
          {changing ? "Keep this manager" : "Change manager"}
        </Button>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          <UserMinus aria-hidden="true" />
          End assignment
        </Button>
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        pending={end.isPending}
        title={<>End {manager.name}'s assignment?</>}
        description="They lose access to this property, its bookings and its maintenance at once. Your conversation stays readable to both of you, but neither of you can write to it any more."
        cancelLabel="Keep manager"
        confirmLabel={end.isPending ? "Ending…" : "End assignment"}
        destructive
        onConfirm={confirmEnd}
      />
    </div>
  );
}

/** Assign (or change to) a manager by the e-mail of their property manager account. */
function AssignForm({
  propertyRef,
  replacing,
  onDone,
}: {
  propertyRef: string;
  replacing: TManagerAssignment | null;
  onDone: () => void;
}) {
  const ids = useId();
  const assign = useAssignManager(propertyRef);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TAssignManagerInput, unknown, TAssignManager>({
    resolver: zodResolver(ZAssignManager),
    defaultValues: { email: "", feePercent: 0 },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      const management = await assign.mutateAsync(input);
      form.reset();
      onDone();
      toast({
        title: replacing ? "Manager changed" : "Manager assigned",
        description: `${management.current?.manager.name ?? "They"} now manages this property.`,
      });
    } catch (error) {
      // No such account, or already the manager: said beside the address.
      if (isApiError(error, 404) || isApiError(error, 409)) {
        form.setError("email", { message: serverMessageOf(error, "Check the address and try again.") });
      } else {
        setFailure(serverMessageOf(error, "The manager was not assigned. Please try again."));
      }
    }
  });

  const describedBy = [`${ids}-hint`, errors.email ? `${ids}-error` : null].filter(Boolean).join(" ");
  return (
    <form noValidate onSubmit={submit} className="mt-5 grid gap-2 border-t border-border pt-5">
      <Label htmlFor={`${ids}-email`}>
        {replacing ? "New manager's e-mail" : "Property manager's e-mail"}
        <RequiredMark />
      </Label>
      <Input
        id={`${ids}-email`}
        type="email"
        inputMode="email"
        autoComplete="off"
        spellCheck={false}
        maxLength={254}
        placeholder="name@example.com"
        aria-required="true"
        aria-invalid={errors.email ? true : undefined}
        aria-describedby={describedBy}
        className="sm:max-w-sm"
        {...form.register("email")}
      />
      <p id={`${ids}-hint`} className="text-xs text-muted-foreground">
        The address of their StayLondon property manager account.
        {replacing ? ` ${replacing.manager.name}'s assignment ends when the new one starts.` : ""}
      </p>
      {errors.email ? (
        <p id={`${ids}-error`} className="text-sm font-medium text-destructive">
          {errors.email.message}
        </p>
      ) : null}
      <FormField
        id={`${ids}-fee`}
        label="Management fee (% of each stay's nights)"
        className="mt-3"
        hint="Paid to the manager from your share of each stay confirmed while they manage the property; the guest's service fee is not part of it. 0 for none."
        error={errors.feePercent?.message}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="decimal"
            min={0}
            max={MAX_MANAGEMENT_FEE_PERCENT}
            step={0.01}
            className="sm:max-w-[10rem]"
            {...form.register("feePercent", { setValueAs: (value) => (value === "" ? undefined : Number(value)) })}
          />
        )}
      </FormField>
      {failure ? <FormFailure>{failure}</FormFailure> : null}
      {/* After both fields, so the fee is agreed before the assignment starts. */}
      <Button type="submit" disabled={isSubmitting} className="mt-2 justify-self-start">
        {isSubmitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : <UserPlus aria-hidden="true" />}
        {isSubmitting ? "Assigning…" : replacing ? "Change manager" : "Assign manager"}
      </Button>
    </form>
  );
}

/** Earlier managers, latest first, each with the conversation of their assignment (read only). */
function EarlierManagers({ history, ThreadView }: { history: TManagerAssignment[]; ThreadView: ThreadViewSlot }) {
  const [reading, setReading] = useState<number | null>(null);
  const ids = useId();
  return (
    <Panel>
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <History aria-hidden="true" className="size-4 text-brass-700" />
        Earlier managers
      </h3>
      <ul className="mt-3 divide-y divide-border">
        {history.map((assignment) => {
          const open = reading === assignment.id;
          const panelId = `${ids}-${assignment.id}`;
          return (
            <li key={assignment.id} className="grid gap-3 py-3 first:pt-0 last:pb-0">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0 text-sm">
                  <p className="font-medium">{assignment.manager.name}</p>
                  <p className="break-all text-muted-foreground">{assignment.manager.email}</p>
                  <p className="text-muted-foreground">
                    {formatDate(assignment.startedAt)} to {assignment.endedAt ? formatDate(assignment.endedAt) : "now"}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => setReading(open ? null : assignment.id)}
                >
                  {open ? "Hide conversation" : "Read conversation"}
                </Button>
              </div>
              <div id={panelId} hidden={!open}>
                {open ? <ThreadView assignmentId={assignment.id} /> : null}
              </div>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}

/** "12.5%": a fee as the owner typed it, without trailing zeros. */
function formatPercentFee(percent: number): string {
  return `${new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 }).format(percent)}%`;
}

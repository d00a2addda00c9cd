import { type TMaintenanceJobDetail, type TReportJob, ZReportJob } from "@common/schemas/maintenance";
import { zodResolver } from "@hookform/resolvers/zod";
import { TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button, type ButtonProps } from "@/components/ui/button";
import { FormFailure } from "@/components/ui/form-failure";
import { FieldError, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { useReportJob } from "../api/maintenance-api";
import { CategoryField, CheckboxField, FormButtons, FormDialog } from "./form-parts";

/** Where the problem is: a guest names their stay, the owner or manager the property. */
export type ReportTarget = { bookingId: number } | { propertyId: number };

/**
 * Report a problem: what is wrong (a short title and a description), what kind of work it is, and whether it is
 * urgent. A guest's report goes to the property's manager (or owner), who triages it and finds a contractor.
 */
export function ReportProblemDialog({
  target,
  placeName,
  open,
  onOpenChange,
  onReported,
  asGuest = false,
  quiet = false,
}: {
  target: ReportTarget;
  /** The property, for the dialog's first line. */
  placeName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReported?: ((job: TMaintenanceJobDetail) => void) | undefined;
  asGuest?: boolean;
  /** The caller says it was reported (a dialog opens next, which would hide a toast from screen readers). */
  quiet?: boolean;
}) {
  const report = useReportJob();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={report.isPending}
      wide
      title="Report a problem"
      description={
        asGuest
          ? `${placeName}. Tell us what is wrong: the property's manager or owner is told at once and arranges the repair.`
          : `${placeName}. The job is added to the property's maintenance; you can then offer it to contractors.`
      }
    >
      {open ? (
        <ReportForm
          target={target}
          report={report}
          quiet={quiet}
          onDone={(job) => {
            onOpenChange(false);
            onReported?.(job);
          }}
        />
      ) : null}
    </FormDialog>
  );
}

function ReportForm({
  target,
  report,
  quiet,
  onDone,
}: {
  target: ReportTarget;
  report: ReturnType<typeof useReportJob>;
  quiet: boolean;
  onDone: (job: TMaintenanceJobDetail) => void;
}) {
  const ids = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<z.input<typeof ZReportJob>, unknown, TReportJob>({
    resolver: zodResolver(ZReportJob),
    defaultValues: { ...target, title: "", description: "", category: "plumbing", isUrgent: false },
  });
  const { errors } = formState;

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const job = await report.mutateAsync(body);
      if (!quiet) toast({ title: "Problem reported", description: `${job.reference}: ${job.issue}.` });
      onDone(job);
    } catch (error) {
      setFailure(serverMessageOf(error, "The report was not sent. Please check your connection and try again."));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <FormField
        id={`${ids}-title`}
        label="What is wrong"
        required
        hint="A short title, such as “Kitchen tap leaking”."
        error={errors.title?.message}
      >
        {(control) => <Input maxLength={120} autoComplete="off" {...control} {...register("title")} />}
      </FormField>
      <CategoryField
        id={`${ids}-category`}
        className="sm:max-w-72"
        error={errors.category?.message}
        input={register("category")}
      />
      <FormField
        id={`${ids}-description`}
        label="Description"
        required
        hint="Where it is, since when, and anything already tried."
        error={errors.description?.message}
      >
        {(control) => <Textarea maxLength={5000} className="min-h-28" {...control} {...register("description")} />}
      </FormField>
      <CheckboxField
        id={`${ids}-urgent`}
        label="This is urgent"
        hint="No water, heating or power, a leak that is spreading, or the property cannot be locked."
        {...register("isUrgent")}
      />
      {/* The stay or property the report is for is not a field; if the server's rule about it fails, say so. */}
      {errors.propertyId ? <FieldError>{errors.propertyId.message}</FieldError> : null}
      {failure ? <FormFailure>{failure}</FormFailure> : null}
      <FormButtons busy={report.isPending} submitLabel="Send report" pendingLabel="Sending…" />
    </form>
  );
}

/** Report a problem as a button that opens the dialog. */
export function ReportProblemButton({
  target,
  placeName,
  asGuest,
  quiet,
  onReported,
  size = "sm",
  variant = "outline",
  label = "Report a problem",
}: {
  target: ReportTarget;
  placeName: string;
  asGuest?: boolean;
  quiet?: boolean;
  onReported?: (job: TMaintenanceJobDetail) => void;
  size?: ButtonProps["size"];
  variant?: ButtonProps["variant"];
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size={size} onClick={() => setOpen(true)}>
        <TriangleAlert aria-hidden="true" />
        {label}
        <span className="sr-only">: {placeName}</span>
      </Button>
      <ReportProblemDialog
        target={target}
        placeName={placeName}
        asGuest={asGuest}
        quiet={quiet}
        open={open}
        onOpenChange={setOpen}
        onReported={onReported}
      />
    </>
  );
}

import { formatDateGb } from "@common/domain/calendar-dates";
import {
  CERTIFICATE_KINDS,
  CERTIFICATE_RULES,
  CERTIFICATE_STATE_LABELS,
  type CertificateKind,
  EPC_CERTIFICATE_RATINGS,
  expiryIsAsIssued,
  expiryText,
} from "@common/domain/compliance";
import { CERTIFICATE_FILE_FIELD, type TCertificateInput, ZCertificateInput } from "@common/entities/certificate";
import type { TCertificateVault } from "@common/schemas/certificates";
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert, FileText, LayoutGrid, Upload } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { AccountPage } from "@/components/layouts/account-page";
import { Alert, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { LinkButton } from "@/components/ui/link-button";
import { NativeSelect } from "@/components/ui/native-select";
import { SectionCard } from "@/components/ui/section-card";
import { isApiError } from "@/lib/api-client";
import { certificateDocumentUrl, useSaveComplianceFacts, useUploadCertificate } from "../api/certificates-api";
import { STATE_BADGES } from "./state-badges";

/** The vault of one property: what the let needs, each certificate's state and expiry, the upload form. */
export function CertificateVault({ vault, propertyRef }: { vault: TCertificateVault; propertyRef: string }) {
  return (
    <AccountPage
      eyebrow="Safety certificates"
      title={vault.title}
      intro={<p>Gas, electrical and energy certificates and licences for this property, with when each expires.</p>}
      actions={
        <LinkButton to={`/properties/${propertyRef}/manage`} icon={LayoutGrid} variant="outline">
          Manage property
        </LinkButton>
      }
    >
      <div className="grid gap-6">
        {vault.bookingsPaused ? (
          <Alert variant="destructive" role="status">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>New bookings are paused</AlertTitle>
            <p className="col-start-2">{vault.bookingsPaused}</p>
          </Alert>
        ) : null}
        <RequirementsSection vault={vault} propertyRef={propertyRef} />
        <FactsSection vault={vault} propertyRef={propertyRef} />
        <UploadSection propertyRef={propertyRef} />
      </div>
    </AccountPage>
  );
}

/** Why a certificate is not asked for: gas is unknown until the landlord says whether the home has a supply. */
function notRequiredReason(kind: string, vault: TCertificateVault): string {
  if (kind === "gas_safety" && vault.facts.hasGasSupply === null) return "Needed if the home has gas: say below";
  return "Not needed for this let";
}

function RequirementsSection({ vault, propertyRef }: { vault: TCertificateVault; propertyRef: string }) {
  return (
    <SectionCard
      id="certificates-heading"
      title="Certificates"
      description="Expiry dates are worked out from the inspection date; a licence keeps the date printed on it."
    >
      <ul className="grid gap-3">
        {vault.requirements.map((r) => (
          <li
            key={r.kind}
            data-testid={`certificate-${r.kind}`}
            className="grid gap-2 rounded-2xl border border-border p-4 sm:grid-cols-[1fr_auto] sm:items-center"
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                {r.label}
                <Badge variant={STATE_BADGES[r.state]}>{CERTIFICATE_STATE_LABELS[r.state]}</Badge>
                {r.required ? null : (
                  <span className="text-xs text-muted-foreground">{notRequiredReason(r.kind, vault)}</span>
                )}
              </p>
              {r.current ? (
                <p className="mt-1 text-sm text-muted-foreground">
                  Issued {formatDateGb(r.current.issuedOn)} · {expiryText(r.state, r.current.expiresOn)}
                  {r.current.rating ? ` · Rating ${r.current.rating}` : ""}
                  {r.current.issuedBy ? ` · ${r.current.issuedBy}` : ""}
                  {r.current.sharedWithGuests ? " · Shared with guests" : ""}
                </p>
              ) : null}
              {r.required && (r.state === "missing" || r.state === "lapsed") ? (
                <p className="mt-1 text-sm">Upload {r.whatToUpload}.</p>
              ) : null}
            </div>
            {r.current ? (
              <a
                className="inline-flex items-center gap-1.5 text-sm font-medium underline underline-offset-4"
                href={certificateDocumentUrl(propertyRef, r.current.id)}
                target="_blank"
                rel="noopener"
              >
                <FileText aria-hidden="true" className="size-4" />
                Open document<span className="sr-only"> of the {r.label}</span>
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

const yesNo = (value: boolean | null) => (value === null ? "" : value ? "yes" : "no");

function FactsSection({ vault, propertyRef }: { vault: TCertificateVault; propertyRef: string }) {
  const save = useSaveComplianceFacts(propertyRef);
  const [gas, setGas] = useState(yesNo(vault.facts.hasGasSupply));
  const [hmo, setHmo] = useState(vault.facts.hmoLicenceApplies);
  const [selective, setSelective] = useState(vault.facts.selectiveLicenceApplies);
  return (
    <SectionCard
      id="facts-heading"
      title="About this property"
      description="These decide which certificates a let needs: EICR and EPC always, gas with a gas supply, a licence where the borough asks for one."
    >
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-3 sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({
            hasGasSupply: gas === "" ? null : gas === "yes",
            hmoLicenceApplies: hmo,
            selectiveLicenceApplies: selective,
          });
        }}
      >
        <FormField id="has-gas" label="Has a gas supply">
          {(control) => (
            <NativeSelect {...control} value={gas} onChange={(e) => setGas(e.target.value)}>
              <option value="">Not said yet</option>
              <option value="yes">Yes</option>
              <option value="no">No</option>
            </NativeSelect>
          )}
        </FormField>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={hmo} onChange={(e) => setHmo(e.target.checked)} className="size-4" />
          An HMO licence applies
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={selective}
            onChange={(e) => setSelective(e.target.checked)}
            className="size-4"
          />
          A selective licence applies
        </label>
        <div className="sm:col-span-3">
          <Button type="submit" variant="outline" disabled={save.isPending}>
            Save
          </Button>
          {save.isError ? (
            <p role="alert" className="mt-2 text-sm text-destructive">
              {save.error.message}
            </p>
          ) : null}
        </div>
      </form>
    </SectionCard>
  );
}

type UploadFields = TCertificateInput;

function UploadSection({ propertyRef }: { propertyRef: string }) {
  const upload = useUploadCertificate(propertyRef);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<UploadFields>({
    resolver: zodResolver(ZCertificateInput),
    defaultValues: { kind: "gas_safety", issuedOn: "", sharedWithGuests: "false" },
  });
  const kind = form.watch("kind") as CertificateKind;
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((values) => {
    if (!file) {
      setFileError("Choose the certificate's document: a PDF or a photo of it");
      return;
    }
    const body = new FormData();
    for (const [name, value] of Object.entries(values)) {
      if (value !== undefined && value !== "") body.append(name, String(value));
    }
    body.append(CERTIFICATE_FILE_FIELD, file);
    setDone(null);
    upload.mutate(body, {
      onSuccess: () => {
        setDone(`${CERTIFICATE_RULES[values.kind].label} uploaded.`);
        form.reset({ kind: values.kind, issuedOn: "", sharedWithGuests: "false" });
        setFile(null);
      },
    });
  });
  const failure = upload.isError
    ? isApiError(upload.error)
      ? upload.error.message
      : "The certificate could not be uploaded. Please try again."
    : null;
  return (
    <SectionCard
      id="upload-heading"
      title="Upload a certificate"
      description="A PDF, or a clear photo of the paper, up to 10 MB."
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <FormField id="certificate-kind" label="Certificate" required error={errors.kind?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register("kind")}>
              {CERTIFICATE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {CERTIFICATE_RULES[k].label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField
          id="certificate-issued"
          label={expiryIsAsIssued(kind) ? "Issue date" : "Inspection date"}
          required
          error={errors.issuedOn?.message}
        >
          {(control) => <Input type="date" {...control} {...form.register("issuedOn")} />}
        </FormField>
        {expiryIsAsIssued(kind) ? (
          <>
            <FormField id="certificate-expires" label="Expiry date" required error={errors.expiresOn?.message}>
              {(control) => (
                <Input type="date" {...control} {...form.register("expiresOn", { setValueAs: blankToUndefined })} />
              )}
            </FormField>
            <FormField
              id="certificate-issuer"
              label="Issuing borough council"
              required
              error={errors.issuedBy?.message}
            >
              {(control) => <Input {...control} {...form.register("issuedBy", { setValueAs: blankToUndefined })} />}
            </FormField>
          </>
        ) : null}
        {kind === "epc" ? (
          <FormField id="certificate-rating" label="Energy rating" required error={errors.rating?.message}>
            {(control) => (
              <NativeSelect {...control} {...form.register("rating", { setValueAs: blankToUndefined })}>
                <option value="">Choose</option>
                {EPC_CERTIFICATE_RATINGS.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        ) : null}
        <FormField id="certificate-file" label="Document" required error={fileError}>
          {(control) => (
            <Input
              type="file"
              accept="application/pdf,image/*"
              {...control}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setFileError(undefined);
              }}
            />
          )}
        </FormField>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            className="size-4"
            checked={form.watch("sharedWithGuests") === "true"}
            onChange={(e) => form.setValue("sharedWithGuests", e.target.checked ? "true" : "false")}
          />
          Let guests and tenants open this document from the listing
        </label>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={upload.isPending}>
            <Upload aria-hidden="true" />
            {upload.isPending ? "Uploading…" : "Upload certificate"}
          </Button>
          {failure ? (
            <p role="alert" className="mt-2 text-sm text-destructive">
              {failure}
            </p>
          ) : null}
          {done ? (
            <p role="status" className="mt-2 text-sm text-success">
              {done}
            </p>
          ) : null}
        </div>
      </form>
    </SectionCard>
  );
}

const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

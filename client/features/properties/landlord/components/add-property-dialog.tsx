import type { TCreateProperty } from "@common/schemas/property-form";
import { Loader2 } from "lucide-react";
import { Dialog } from "radix-ui";
import type * as React from "react";
import { useRef, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DialogCloseButton, DialogPanel } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { useCreateProperty } from "../api/create-property-api";
import {
  checkCreateProperty,
  emptyPropertyForm,
  type PropertyFormState,
  propertyFormResolver,
} from "../utils/property-form-state";
import { PhotoPicker, usePhotoDrafts } from "./photo-picker";
import { PropertyFormFields, PropertyImagesSection } from "./property-form-fields";

/**
 * The Add New Property dialog: closed, open, submitting. The form is checked with the same zod schema as the server
 * before anything is sent; messages appear on the first attempt, then follow each edit. On success the dialog closes
 * and the form resets, on failure it stays as it is with an error toast. `trigger` is the opening button, so any
 * page can offer it in its own style.
 */
export function AddPropertyDialog({ trigger }: { trigger: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  // Set in the submit handler itself, so 'Creating...' shows before the request leaves.
  const [submitting, setSubmitting] = useState(false);
  const photos = usePhotoDrafts();
  const form = useForm<PropertyFormState, { imageUrls: string[] }, TCreateProperty>({
    defaultValues: emptyPropertyForm(),
    resolver: propertyFormResolver((values, context) => checkCreateProperty(values, context.imageUrls)),
    context: { imageUrls: photos.urls },
    // Focus goes to the first field that needs attention in the order they are drawn (see below).
    shouldFocusError: false,
  });
  const create = useCreateProperty();
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);

  function reset() {
    form.reset(emptyPropertyForm());
    photos.reset();
  }

  function changeOpen(next: boolean) {
    // A closing dialog keeps the draft (an Escape by mistake loses nothing); Cancel and success clear it.
    if (!submitting) setOpen(next);
  }

  const submit = form.handleSubmit(
    (property) => {
      setSubmitting(true);
      create.mutate(
        { property, files: photos.files },
        {
          onSuccess: () => {
            toast({ title: "Success", description: "Property created successfully!" });
            reset();
            setOpen(false);
          },
          onError: (error) => {
            toast({
              variant: "destructive",
              title: "Error",
              description: serverMessageOf(error, "Failed to create property"),
            });
            // The disabled button lost the focus while sending; give it back once it is enabled again.
            requestAnimationFrame(() => submitRef.current?.focus());
          },
          onSettled: () => setSubmitting(false),
        },
      );
    },
    () => {
      // Once the messages are drawn, take the keyboard to the first field that needs attention, centred so its
      // label and message are in view too.
      requestAnimationFrame(() => {
        const first = formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']");
        first?.focus({ preventScroll: true });
        first?.scrollIntoView({ block: "center" });
      });
    },
  );

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <DialogPanel
        onOpenAutoFocus={(event) => {
          // Start in the first field rather than on the close button.
          event.preventDefault();
          formRef.current?.querySelector<HTMLElement>("input, textarea, select")?.focus();
        }}
        shape="sheet"
      >
        <header className="relative border-b border-border px-5 pt-5 pb-4 sm:px-8 sm:pt-7 sm:pb-5">
          <p className="eyebrow">New listing</p>
          <Dialog.Title className="mt-1.5 pr-10 font-display text-2xl leading-tight font-medium tracking-tight sm:text-[1.75rem]">
            Add New Property
          </Dialog.Title>
          <Dialog.Description className="mt-1.5 text-sm leading-relaxed text-muted-foreground">
            Describe your property, set its prices and add photos. Fields marked{" "}
            <span className="text-destructive">*</span> are required.
          </Dialog.Description>
          <DialogCloseButton disabled={submitting} className="top-4 right-4 sm:top-5 sm:right-5" />
        </header>

        <form
          ref={formRef}
          noValidate
          onSubmit={(event) => {
            if (!submitting) void submit(event);
            else event.preventDefault();
          }}
          className="flex min-h-0 flex-1 flex-col"
        >
          {/* Positioned, so visually hidden text deep in the form is clipped here and cannot stretch the dialog. */}
          <div className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-6 sm:px-8 sm:py-7">
            <div className="grid gap-8">
              <FormProvider {...form}>
                <PropertyFormFields disabled={submitting} />
              </FormProvider>
              <PropertyImagesSection>
                <PhotoPicker
                  drafts={photos}
                  error={form.formState.errors.root?.images?.message}
                  disabled={submitting}
                />
              </PropertyImagesSection>
            </div>
          </div>

          <footer className="flex items-center gap-2.5 border-t border-border bg-background/70 px-5 py-3.5 sm:justify-end sm:px-8 sm:py-4">
            <Button
              variant="outline"
              className="flex-1 sm:flex-none"
              disabled={submitting}
              onClick={() => {
                reset();
                setOpen(false);
              }}
            >
              Cancel
            </Button>
            <Button ref={submitRef} type="submit" disabled={submitting} className="flex-[2] sm:min-w-40 sm:flex-none">
              {submitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {submitting ? "Creating..." : "Create Property"}
            </Button>
          </footer>
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}

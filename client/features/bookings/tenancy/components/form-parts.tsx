// The kit's parts both sides' tenancy forms are built from, named once for the folder.
import { FormFailure } from "@/components/ui/form-failure";

export { zodResolver } from "@hookform/resolvers/zod";
export { useForm } from "react-hook-form";
export { Button } from "@/components/ui/button";
export { FormField } from "@/components/ui/form-field";
export { Input } from "@/components/ui/input";
export { NativeSelect } from "@/components/ui/native-select";
export { Textarea } from "@/components/ui/textarea";
export { serverMessageOf } from "@/lib/error-message";
export { FormFailure };

/** A form's failure across both columns of its grid. */
export function FailureRow({ failure }: { failure: string | null }) {
  return failure ? (
    <div className="sm:col-span-2">
      <FormFailure>{failure}</FormFailure>
    </div>
  ) : null;
}

// The kit's parts both claim forms are built from, named once for the feature.
export { Button } from "@/components/ui/button";
export { FormFailure } from "@/components/ui/form-failure";
export { FormField } from "@/components/ui/form-field";
export { Input } from "@/components/ui/input";
export { LoadingSpinner } from "@/components/ui/status-panel";
export { Textarea } from "@/components/ui/textarea";
export { serverMessageOf } from "@/lib/error-message";

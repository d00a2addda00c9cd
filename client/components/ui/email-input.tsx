import type * as React from "react";
import { Input } from "./input";

/** An e-mail field as phones and password managers expect it: no capitals, no spell-check. */
export function EmailInput(props: Omit<React.ComponentProps<typeof Input>, "type">) {
  return <Input type="email" name="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...props} />;
}

import type * as React from "react";
import { Input } from "./input";

/**
 * A code from an authenticator app (or a recovery code, with `kind="recovery"`): the phone's keyboard shows digits,
 * and browsers and password managers that know the site's codes can offer them.
 */
export function OneTimeCodeInput({
  kind = "app",
  ...props
}: React.ComponentProps<typeof Input> & { kind?: "app" | "recovery" }) {
  return kind === "app" ? (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      spellCheck={false}
      className="max-w-48 font-mono text-lg tracking-[0.3em]"
      {...props}
    />
  ) : (
    <Input
      type="text"
      autoComplete="off"
      autoCapitalize="none"
      maxLength={11}
      spellCheck={false}
      className="max-w-56 font-mono text-lg tracking-wider"
      {...props}
    />
  );
}

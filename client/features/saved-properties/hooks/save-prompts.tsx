import type * as React from "react";
import { toast } from "@/components/ui/use-toast";

/*
 * What a heart or Save says to someone who cannot save yet. Kept apart from the saved list's code, so a page drawn
 * for a signed-out visitor can answer the heart without it.
 */

/** A visitor who is not signed in pressed a heart or Save. */
export function askToSignIn(goTo: (path: string) => void) {
  toast({
    title: "Sign in to save properties",
    description: (
      <>
        <ToastLink to="/auth" goTo={goTo}>
          Sign in
        </ToastLink>{" "}
        or create a free account to keep the homes you like in one list.
      </>
    ),
  });
}

/** A signed-in person whose e-mail is not verified yet pressed a heart or Save. */
export function askToVerify(goTo: (path: string) => void) {
  toast({
    title: "Verify your email first",
    description: (
      <>
        Please verify your email address to save properties.{" "}
        <ToastLink to="/verification-status" goTo={goTo}>
          Verify your email
        </ToastLink>
      </>
    ),
  });
}

/** A real link (it opens in a new tab too) that navigates within the app on a plain click. */
export function ToastLink({
  to,
  goTo,
  children,
}: {
  to: string;
  goTo: (path: string) => void;
  children: React.ReactNode;
}) {
  return (
    <a
      href={to}
      className="font-medium underline underline-offset-4"
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        goTo(to);
      }}
    >
      {children}
    </a>
  );
}

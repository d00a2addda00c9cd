import { Tabs } from "radix-ui";
import { useCallback, useState } from "react";
import { useLocation } from "react-router";
import { takeCarriedState } from "@/lib/client-navigation";
import { cn } from "@/lib/utils";
import { useAuthPageState } from "../hooks/use-auth-page-state";
import { useOAuthCompletion } from "../hooks/use-oauth-completion";
import { type AuthNotice, noticeFromState } from "../utils/auth-notices";
import type { AuthTab } from "../utils/auth-query";
import { AuthFrame, AuthHeading } from "./auth-frame";
import { AuthNoticeView } from "./auth-notice-view";
import { RegisterForm } from "./register-form";
import { SignInForm } from "./sign-in-form";

const TAB_TRIGGER = cn(
  "flex-1 cursor-pointer rounded-full px-4 py-2 text-sm font-medium text-muted-foreground transition-colors",
  "hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
  "data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm",
);

/** /auth: the Sign In and Create Account tabs, the notices that replace them, and the provider round-trips. */
export function AuthScreen() {
  const location = useLocation();
  const page = useAuthPageState();
  const completion = useOAuthCompletion(page.oauthSuccess, "auth");
  const [notice, setNotice] = useState<AuthNotice | null>(
    () => noticeFromState(location.state) ?? noticeFromState(takeCarriedState(location.pathname)),
  );
  const shownNotice = notice ?? completion.notice;
  const { setTab, setEmail } = page;

  const openRegistration = useCallback(
    (email: string) => {
      setEmail(email);
      setTab("register");
    },
    [setEmail, setTab],
  );
  const openSignIn = useCallback(() => setTab("login"), [setTab]);
  const backToLogin = () => {
    setNotice(null);
    completion.dismissNotice();
    setTab("login");
  };

  return (
    <AuthFrame>
      {shownNotice ? (
        <AuthNoticeView notice={shownNotice} onBack={backToLogin} />
      ) : completion.completing ? (
        <CompletingSignIn />
      ) : (
        <>
          <AuthHeading
            eyebrow={page.tab === "register" ? "Join StayLondon" : "Welcome back"}
            title={page.tab === "register" ? "Create your account" : "Sign in to StayLondon"}
            lead={
              page.tab === "register"
                ? "Book serviced homes across London, or list your own."
                : "Your stays, saved homes and bookings, all in one place."
            }
          />
          <Tabs.Root
            value={page.tab}
            onValueChange={(value) => setTab(value === "register" ? "register" : "login")}
            className="mt-8"
          >
            <Tabs.List aria-label="Sign in or create an account" className="flex gap-1 rounded-full bg-secondary p-1">
              <Tabs.Trigger value={"login" satisfies AuthTab} className={TAB_TRIGGER}>
                Sign In
              </Tabs.Trigger>
              <Tabs.Trigger value={"register" satisfies AuthTab} className={TAB_TRIGGER}>
                Create Account
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content
              value="login"
              className="mt-8 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
            >
              <SignInForm
                email={page.email}
                onEmailChange={setEmail}
                showNotice={setNotice}
                openRegistration={openRegistration}
              />
            </Tabs.Content>
            <Tabs.Content
              value="register"
              className="mt-8 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
            >
              <RegisterForm
                email={page.email}
                onEmailChange={setEmail}
                oauthSignup={page.oauthSignup}
                onLeaveOAuth={() => page.setOAuthSignup(null)}
                showNotice={setNotice}
                openSignIn={openSignIn}
              />
            </Tabs.Content>
          </Tabs.Root>
        </>
      )}
    </AuthFrame>
  );
}

/** While a Google or Apple sign-in is being completed: nothing to fill in, so no forms. */
function CompletingSignIn() {
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-16 text-center">
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-2 border-brass-300 border-t-primary"
      />
      <h1 className="font-display text-2xl font-medium">Signing you in…</h1>
    </div>
  );
}

import { Tabs } from "radix-ui";
import { useCallback, useState } from "react";
import { useLocation } from "react-router";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { useAuthPageState } from "../hooks/use-auth-page-state";
import { useOAuthCompletion } from "../hooks/use-oauth-completion";
import { type AuthNotice, noticeFromState } from "../utils/auth-notices";
import type { AuthTab } from "../utils/auth-query";
import { AuthNoticeView } from "./auth-notice-view";
import { AuthShowcase } from "./auth-showcase";
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
  const [notice, setNotice] = useState<AuthNotice | null>(() => noticeFromState(location.state));
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
    <section className="flex flex-1 bg-sand">
      <div className="container-page grid grid-cols-1 items-start gap-10 py-10 sm:py-16 lg:grid-cols-[minmax(0,1fr)_minmax(0,34rem)] lg:gap-16">
        <AuthShowcase />
        <Card className="p-6 sm:p-10">
          {shownNotice ? (
            <AuthNoticeView notice={shownNotice} onBack={backToLogin} />
          ) : completion.completing ? (
            <CompletingSignIn />
          ) : (
            <>
              <p className="eyebrow">{page.tab === "register" ? "Join StayLondon" : "Welcome back"}</p>
              <h1 className="mt-3 font-display text-3xl font-medium tracking-tight sm:text-4xl">
                {page.tab === "register" ? "Create your account" : "Sign in to StayLondon"}
              </h1>
              <p className="mt-2 text-sm text-muted-foreground">
                {page.tab === "register"
                  ? "Book serviced homes across London, or list your own."
                  : "Your stays, saved homes and bookings, all in one place."}
              </p>
              <Tabs.Root
                value={page.tab}
                onValueChange={(value) => setTab(value === "register" ? "register" : "login")}
                className="mt-8"
              >
                <Tabs.List
                  aria-label="Sign in or create an account"
                  className="flex gap-1 rounded-full bg-secondary p-1"
                >
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
        </Card>
      </div>
    </section>
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

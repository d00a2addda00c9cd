import type { TSessionUser } from "@common/schemas/auth";
import { CheckCircle2, LayoutDashboard, MessageSquareText, Smartphone } from "lucide-react";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Badge } from "@/components/ui/badge";
import { LinkButton } from "@/components/ui/link-button";
import { StatusPanel } from "@/components/ui/status-panel";
import { formatPhoneNumber } from "@/lib/format";
import { PhoneNumberStep } from "./phone-number-step";
import { VerificationCard } from "./verification-card";
import { VerificationCodeStep } from "./verification-code-step";

/** After a verified code, the dashboard follows 1.5 seconds later. */
export const REDIRECT_DELAY_MS = 1500;

type Step =
  | { name: "phone" }
  | { name: "code"; phoneNumber: string; resendAfterSeconds: number }
  | { name: "verified"; phoneNumber: string };

/**
 * The number, then the code. `onVerified` lets the page refresh the signed-in user;
 * the "verified" step then keeps this page from switching to "Phone Already Verified" before the redirect.
 */
export function PhoneVerificationFlow({ user, onVerified }: { user: TSessionUser; onVerified: () => void }) {
  const [step, setStep] = useState<Step>({ name: "phone" });
  const navigate = useNavigate();

  useEffect(() => {
    if (step.name !== "verified") return;
    const timer = setTimeout(() => navigate("/dashboard"), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [step.name, navigate]);

  if (step.name === "verified") return <PhoneJustVerified phoneNumber={step.phoneNumber} />;
  if (user.phoneVerified) return <PhoneAlreadyVerified phoneNumber={user.phoneNumber} />;

  if (step.name === "code") {
    return (
      <VerificationCard
        icon={<MessageSquareText />}
        eyebrow="Step 2 of 2"
        title="Enter your code"
        description={
          <p>
            We texted a 6-digit code to{" "}
            <strong className="font-semibold whitespace-nowrap text-foreground">
              {formatPhoneNumber(step.phoneNumber)}
            </strong>
            . It can take a minute to arrive.
          </p>
        }
      >
        <VerificationCodeStep
          phoneNumber={step.phoneNumber}
          resendAfterSeconds={step.resendAfterSeconds}
          onChangeNumber={() => setStep({ name: "phone" })}
          onVerified={() => {
            setStep({ name: "verified", phoneNumber: step.phoneNumber });
            onVerified();
          }}
        />
      </VerificationCard>
    );
  }

  return (
    <VerificationCard
      icon={<Smartphone />}
      eyebrow="Step 1 of 2"
      title="Verify your phone number"
      description={
        <p>
          We will text you a 6-digit code. A verified phone lets you book stays and, as a landlord, list properties.
        </p>
      }
    >
      <PhoneNumberStep
        initialPhoneNumber={user.phoneNumber ?? ""}
        onCodeSent={(sent) =>
          setStep({ name: "code", phoneNumber: sent.phoneNumber, resendAfterSeconds: sent.resendAfterSeconds })
        }
      />
    </VerificationCard>
  );
}

function PhoneJustVerified({ phoneNumber }: { phoneNumber: string }) {
  return (
    <StatusPanel
      tone="success"
      icon={<CheckCircle2 />}
      title="Phone Verified"
      badge={<Badge variant="success">Verified</Badge>}
    >
      {/* Not the toast's words again: one "Phone verified successfully!" on the screen is enough. */}
      <p>{formatPhoneNumber(phoneNumber)} is now verified.</p>
      <p role="status" className="mt-2 text-sm">
        Taking you to your dashboard…
      </p>
    </StatusPanel>
  );
}

function PhoneAlreadyVerified({ phoneNumber }: { phoneNumber: string | null }) {
  return (
    <StatusPanel
      tone="success"
      icon={<CheckCircle2 />}
      title="Phone Already Verified"
      badge={<Badge variant="success">Verified</Badge>}
      actions={
        <LinkButton to="/dashboard" icon={LayoutDashboard} size="lg">
          Go to Dashboard
        </LinkButton>
      }
    >
      <p>
        {phoneNumber ? `${formatPhoneNumber(phoneNumber)} is verified` : "Your phone number is verified"}, so you have
        full access to StayLondon features.
      </p>
    </StatusPanel>
  );
}

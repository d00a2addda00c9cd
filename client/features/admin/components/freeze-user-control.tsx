import type { TAdminUser } from "@common/schemas/admin";
import { Loader2, LockKeyhole, LockKeyholeOpen } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { mutateThen } from "@/lib/mutation";
import { fullName } from "@/lib/user-names";
import { useFreezeUser, useUnfreezeUser } from "../api/users";

/** Freeze (with a reason, asked first) or unfreeze one account; the outcome is told in a toast. */
export function FreezeUserControl({ user, size = "sm" }: { user: TAdminUser; size?: "sm" | "default" }) {
  const freeze = useFreezeUser();
  const unfreeze = useUnfreezeUser();
  const name = fullName(user);
  const button = useRef<HTMLButtonElement>(null);
  const shownFrozen = useRef(user.isFrozen);

  // Freezing swaps the Freeze button (and its dialog) for Unfreeze, and back: keep the keyboard where it was
  // rather than dropping it to the top of the page.
  useEffect(() => {
    if (shownFrozen.current === user.isFrozen) return;
    shownFrozen.current = user.isFrozen;
    if (document.activeElement === document.body || document.activeElement === null) button.current?.focus();
  }, [user.isFrozen]);

  if (user.isFrozen) {
    const restore = () =>
      mutateThen(unfreeze, user.id, {
        onSuccess: () => toast({ title: "Account unfrozen", description: `${name} can sign in again.` }),
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Account not unfrozen",
            description: serverMessageOf(error, "The account could not be unfrozen. Please try again."),
          }),
      });
    return (
      <Button ref={button} variant="outline" size={size} disabled={unfreeze.isPending} onClick={restore}>
        {unfreeze.isPending ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : (
          <LockKeyholeOpen aria-hidden="true" />
        )}
        {unfreeze.isPending ? "Unfreezing…" : "Unfreeze"}
        <span className="sr-only"> {name}</span>
      </Button>
    );
  }

  return (
    <ReasonDialog
      trigger={
        <Button ref={button} variant="outline" size={size} className="text-destructive hover:text-destructive">
          <LockKeyhole aria-hidden="true" />
          Freeze<span className="sr-only"> {name}</span>
        </Button>
      }
      title={`Freeze ${name}'s account?`}
      description={
        <>
          {user.email} will be signed out everywhere at once and cannot sign in until an administrator unfreezes the
          account. The reason is kept in System Logs for administrators; the user does not see it.
        </>
      }
      reasonLabel="Reason for freezing"
      confirmLabel="Freeze account"
      pendingLabel="Freezing…"
      onConfirm={async (reason) => {
        await freeze.mutateAsync({ userId: user.id, reason });
        toast({ title: "Account frozen", description: `${name} has been signed out and cannot sign in.` });
      }}
    />
  );
}

import type * as React from "react";
import { Card } from "@/components/ui/card";
import { AuthShowcase } from "./auth-showcase";

/** The sign-in pages' frame: the photo panel beside a card on wide screens, the card alone on a phone. */
export function AuthFrame({ children }: { children: React.ReactNode }) {
  return (
    <section className="flex flex-1 bg-sand">
      <div className="container-page grid grid-cols-1 items-start gap-10 py-10 sm:py-16 lg:grid-cols-[minmax(0,1fr)_minmax(0,34rem)] lg:gap-16">
        <AuthShowcase />
        <Card className="p-6 sm:p-10">{children}</Card>
      </div>
    </section>
  );
}

/** The eyebrow, heading and lead every card in the frame opens with. */
export function AuthHeading({ eyebrow, title, lead }: { eyebrow: string; title: string; lead: React.ReactNode }) {
  return (
    <>
      <p className="eyebrow">{eyebrow}</p>
      <h1 className="mt-3 font-display text-3xl font-medium tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{lead}</p>
    </>
  );
}

import { LogOut, UserRound } from "lucide-react";
import type * as React from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LinkButton } from "@/components/ui/link-button";
import { cn } from "@/lib/utils";

/** Where the heading and its actions go from stacked to side by side (more actions need more room). */
const SIDE_BY_SIDE = {
  md: "md:flex-row md:items-end md:justify-between",
  lg: "lg:flex-row lg:items-end lg:justify-between",
} as const;

/**
 * A signed-in page (dashboards, Saved Properties): a white header with a badge or an eyebrow, the page's h1,
 * an introduction and the account actions, then the page's content on sand.
 */
export function AccountPage({
  badge,
  eyebrow,
  title,
  intro,
  actions,
  actionsLabel,
  sideBySideFrom = "md",
  contentClassName,
  children,
}: {
  badge?: string;
  eyebrow?: string;
  title: React.ReactNode;
  intro: React.ReactNode;
  actions: React.ReactNode;
  /** Makes the actions a navigation landmark with this name. */
  actionsLabel?: string;
  sideBySideFrom?: keyof typeof SIDE_BY_SIDE;
  contentClassName?: string;
  children: React.ReactNode;
}) {
  const Actions = actionsLabel ? "nav" : "div";
  return (
    <div className="flex-1 bg-sand/60">
      <header className="border-b border-border bg-card">
        <div className={cn("container-page flex flex-col gap-6 py-10 sm:py-12", SIDE_BY_SIDE[sideBySideFrom])}>
          <div className="max-w-2xl">
            {badge ? <Badge variant="brass">{badge}</Badge> : null}
            {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
            <h1
              className={cn(
                "font-display text-4xl font-medium tracking-tight break-words sm:text-5xl",
                badge ? "mt-4" : "mt-3",
              )}
            >
              {title}
            </h1>
            <div className="mt-3 leading-relaxed text-muted-foreground">{intro}</div>
          </div>
          <Actions aria-label={actionsLabel} className="flex flex-wrap gap-2">
            {actions}
          </Actions>
        </div>
      </header>
      <div className={cn("container-page py-10 sm:py-12", contentClassName)}>{children}</div>
    </div>
  );
}

/** Profile (showing the user's name when given), and Logout by navigation to /api/logout. */
export function AccountButtons({ name }: { name?: string }) {
  return (
    <>
      <LinkButton
        to="/profile"
        icon={UserRound}
        variant="outline"
        className={name ? "max-w-full" : undefined}
        aria-label={name ? `Profile: ${name}` : undefined}
      >
        {name ? <span className="truncate">{name}</span> : "Profile"}
      </LinkButton>
      <Button asChild variant="ghost">
        <a href="/api/logout">
          <LogOut aria-hidden="true" />
          Logout
        </a>
      </Button>
    </>
  );
}

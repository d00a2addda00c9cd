import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { Link, type LinkProps } from "react-router";
import { Button, type ButtonProps } from "./button";

/**
 * A link inside the app that looks like a button. An icon (never read out) stands before the words, or after them
 * where it points onwards ("Verify Phone Number →"). The shell and the public pages held by the page-weight check
 * keep writing Button and Link by hand: on their first download this component costs more than the copies it saves.
 */
export function LinkButton({
  icon: Icon,
  iconAfter: IconAfter,
  variant,
  size,
  className,
  children,
  ...link
}: LinkProps & {
  icon?: LucideIcon;
  iconAfter?: LucideIcon;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  children: React.ReactNode;
}) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link {...link}>
        {Icon && <Icon aria-hidden="true" />}
        {children}
        {IconAfter && <IconAfter aria-hidden="true" />}
      </Link>
    </Button>
  );
}

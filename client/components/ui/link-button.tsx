import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { Link, type LinkProps } from "react-router";
import { Button, type ButtonProps } from "./button";

/** A link inside the app that looks like a button, with its icon before the words (the icon is not read out). */
export function LinkButton({
  icon: Icon,
  variant,
  size,
  className,
  children,
  ...link
}: LinkProps & {
  icon: LucideIcon;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  children: React.ReactNode;
}) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link {...link}>
        <Icon aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}

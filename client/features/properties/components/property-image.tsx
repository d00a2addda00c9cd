import type * as React from "react";
import { useState } from "react";
import { cn } from "@/lib/utils";
import { PROPERTY_PLACEHOLDER_IMAGE } from "../utils/property-images";

type PropertyImageProps = Omit<React.ComponentProps<"img">, "src"> & {
  src: string | undefined;
  /** Above the fold: load eagerly with high priority. */
  priority?: boolean;
};

/** A property photo that falls back to the placeholder when missing or broken. */
export function PropertyImage({
  src,
  alt,
  priority = false,
  className,
  width = 800,
  height = 600,
  ...props
}: PropertyImageProps) {
  const [failed, setFailed] = useState(false);
  const resolved = !src || failed ? PROPERTY_PLACEHOLDER_IMAGE : src;
  return (
    <img
      src={resolved}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : "auto"}
      onError={() => {
        if (resolved !== PROPERTY_PLACEHOLDER_IMAGE) setFailed(true);
      }}
      className={cn("size-full bg-secondary object-cover", className)}
      {...props}
    />
  );
}

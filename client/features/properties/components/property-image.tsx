import type { TPropertySummary } from "@common/schemas/properties";
import type * as React from "react";
import { useState } from "react";
import { cn } from "@/lib/utils";
import { coverImage, PROPERTY_PLACEHOLDER_IMAGE } from "../utils/property-images";
import { RatingBadge } from "./property-badges";

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

/**
 * The top of a property card: the cover photo (or the placeholder) with its rating badge, zooming
 * gently on hover. `children` are overlays such as the favourite button.
 */
export function PropertyCover({
  property,
  priority = false,
  className,
  children,
}: {
  property: TPropertySummary;
  priority?: boolean;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className={cn("relative overflow-hidden", className)}>
      <PropertyImage
        src={coverImage(property.images)}
        alt={property.title}
        priority={priority}
        className="transition-transform duration-700 ease-out group-hover:scale-[1.03]"
      />
      <RatingBadge rating={property.rating} reviewCount={property.reviewCount} className="absolute top-3 left-3" />
      {children}
    </div>
  );
}

import { photoSrcSet } from "@common/domain/photo-sizes";
import type * as React from "react";
import { useState } from "react";
import { cn } from "@/lib/utils";

/** The default picture for a property without photos. */
export const PROPERTY_PLACEHOLDER_IMAGE = "/images/property-placeholder.webp";

type PropertyImageProps = Omit<React.ComponentProps<"img">, "src"> & {
  src: string | undefined;
  /** Above the fold: load eagerly with high priority. */
  priority?: boolean;
  /** How wide the photo is drawn, for an uploaded photo's srcset; the default suits a card in a grid. */
  sizes?: string;
};

const CARD_SIZES = "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

/** A property photo that falls back to the placeholder when missing or broken. */
export function PropertyImage({
  src,
  alt,
  priority = false,
  className,
  width = 800,
  height = 600,
  sizes = CARD_SIZES,
  ...props
}: PropertyImageProps) {
  const [failed, setFailed] = useState(false);
  const resolved = !src || failed ? PROPERTY_PLACEHOLDER_IMAGE : src;
  // Uploaded photos come in 480, 960 and 1600 px: a phone or a card fetches the small one.
  const srcSet = photoSrcSet(resolved) ?? undefined;
  return (
    <img
      src={resolved}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
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

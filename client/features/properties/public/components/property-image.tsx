import type { TPropertySummary } from "@common/schemas/properties";
import type * as React from "react";
import { PropertyImage } from "@/components/ui/property-image";
import { cn } from "@/lib/utils";
import { coverImage } from "../utils/property-images";
import { RatingBadge } from "./property-badges";

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

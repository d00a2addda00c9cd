import { ALL_IN_LABEL } from "@common/domain/all-in";
import type { TSavedProperty } from "@common/schemas/saved-properties";
import { formatDate } from "@common/utils/dates";
import { Bath, BedDouble, CalendarHeart, MapPin, Trash2, Users } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { PropertyImage } from "@/components/ui/property-image";
import { toast } from "@/components/ui/use-toast";
import { formatPounds, pluralize } from "@/lib/format";
import { useRemoveSavedProperty } from "../api/saved-properties";
import { descriptionPreview, guestsShown } from "../utils/saved-stats";

const bedroomsText = (n: number) => (n === 0 ? "Studio" : pluralize(n, "bedroom"));

/** One saved property, with Remove and 'View Details & Book'. */
export function SavedPropertyCard({ item, onRemoved }: { item: TSavedProperty; onRemoved: () => void }) {
  const { property } = item;
  // Toasts in the hook's own callbacks: they still run after the card has left the list.
  const removal = useRemoveSavedProperty({
    onSuccess: () => {
      toast({ title: "Property removed", description: `${property.title} is no longer in your saved list.` });
      onRemoved();
    },
    onError: () => toast({ variant: "destructive", title: "Error", description: "Failed to remove property" }),
  });

  return (
    <article
      aria-labelledby={`saved-${item.id}-title`}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-soft transition-shadow duration-300 hover:shadow-lift"
    >
      <div className="relative aspect-[3/2] overflow-hidden">
        <PropertyImage
          src={property.images[0]}
          alt={property.title}
          height={533}
          className="transition-transform duration-700 ease-out group-hover:scale-[1.03]"
        />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 id={`saved-${item.id}-title`} className="font-display text-xl leading-snug font-medium">
          {property.title}
        </h3>
        <p className="mt-1.5 flex items-center gap-1.5 text-sm text-muted-foreground">
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-brass-700" />
          {property.city}
        </p>
        <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{descriptionPreview(property.description)}</p>
        <ul
          aria-label="Key facts"
          className="mt-4 flex flex-wrap gap-x-4 gap-y-2 border-t border-border pt-4 text-sm text-foreground"
        >
          <li className="flex items-center gap-1.5">
            <BedDouble aria-hidden="true" className="size-4 text-muted-foreground" />
            {bedroomsText(property.bedrooms)}
          </li>
          <li className="flex items-center gap-1.5">
            <Bath aria-hidden="true" className="size-4 text-muted-foreground" />
            {pluralize(property.bathrooms, "bathroom")}
          </li>
          <li className="flex items-center gap-1.5">
            <Users aria-hidden="true" className="size-4 text-muted-foreground" />
            {pluralize(guestsShown(property.bedrooms), "guest")}
          </li>
        </ul>
        <p className="mt-3 flex items-center gap-1.5 text-sm text-muted-foreground">
          <CalendarHeart aria-hidden="true" className="size-4 shrink-0 text-brass-700" />
          <span>
            Saved on <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
          </span>
        </p>
        <div className="mt-auto pt-5">
          <p className="tabular-nums">
            <span className="text-lg font-semibold">{formatPounds(property.allInPricePerNight)}</span>
            <span className="text-sm text-muted-foreground"> per night {ALL_IN_LABEL}</span>
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => removal.mutate(property.id)}
              disabled={removal.isPending}
              aria-label={removal.isPending ? undefined : `Remove ${property.title} from saved properties`}
              className="text-destructive hover:text-destructive"
            >
              <Trash2 aria-hidden="true" />
              {removal.isPending ? "Removing..." : "Remove"}
            </Button>
            <Button asChild size="sm" className="flex-1 sm:flex-none">
              <Link to={`/property/${property.id}`} aria-label={`View Details & Book: ${property.title}`}>
                View Details &amp; Book
              </Link>
            </Button>
          </div>
        </div>
      </div>
    </article>
  );
}

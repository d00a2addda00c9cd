import { Heart } from "lucide-react";
import { Tooltip } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";
import { useSavedPropertyControls } from "../hooks/saved-property-controls";

export function FavouriteButton({
  propertyId,
  title,
  className,
}: {
  propertyId: number;
  title: string;
  className?: string;
}) {
  const controls = useSavedPropertyControls();
  const saved = controls.isSaved(propertyId);
  const busy = controls.isBusy(propertyId);
  return (
    <Tooltip content={saved ? "Saved to favourites" : "Save to favourites"}>
      <button
        type="button"
        aria-pressed={saved}
        aria-busy={busy || undefined}
        aria-label={`Save ${title} to favourites`}
        onClick={(event) => {
          // The heart sits on top of a card that may be a link.
          event.preventDefault();
          controls.toggle({ id: propertyId, title });
        }}
        className={cn(
          "inline-flex size-10 cursor-pointer items-center justify-center rounded-full border border-white/70 bg-white/90 text-ink-800 shadow-sm backdrop-blur transition-transform duration-150 hover:scale-105 active:scale-95 aria-busy:cursor-progress",
          className,
        )}
      >
        <Heart
          aria-hidden="true"
          className={cn(
            "size-[18px] transition-colors",
            saved ? "fill-destructive text-destructive" : "fill-transparent",
          )}
        />
      </button>
    </Tooltip>
  );
}

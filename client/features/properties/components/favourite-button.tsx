import { Heart } from "lucide-react";
import { useState } from "react";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";

/** Heart toggle on cards. Saving is local until sign-in exists (spec 1 §2: behaviour not shown). */
export function FavouriteButton({ title, className }: { title: string; className?: string }) {
  const [saved, setSaved] = useState(false);
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          aria-pressed={saved}
          aria-label={`Save ${title} to favourites`}
          onClick={(event) => {
            event.preventDefault();
            setSaved((value) => !value);
          }}
          className={cn(
            "inline-flex size-10 cursor-pointer items-center justify-center rounded-full border border-white/70 bg-white/90 text-ink-800 shadow-sm backdrop-blur transition-transform duration-150 hover:scale-105 active:scale-95",
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
      </TooltipTrigger>
      <TooltipContent>{saved ? "Saved to favourites" : "Save to favourites"}</TooltipContent>
    </Tooltip>
  );
}

import { Heart, Share2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { cn } from "@/lib/utils";
import { useSavedPropertyControls } from "../hooks/saved-property-controls";

/** Save (kept in the user's saved list) and Share (copies the page link). */
export function PropertyActions({ propertyId, title }: { propertyId: number; title: string }) {
  const controls = useSavedPropertyControls();
  const saved = controls.isSaved(propertyId);

  async function share() {
    const url = window.location.href;
    try {
      if (!navigator.clipboard?.writeText) throw new Error("The clipboard is not available");
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied", description: `The link to ${title} is on your clipboard.` });
    } catch {
      toast({
        variant: "destructive",
        title: "Couldn't copy the link",
        description: `Copy it from your browser's address bar instead: ${url}`,
      });
    }
  }

  return (
    <div className="flex gap-2">
      <Button
        variant="outline"
        size="sm"
        aria-pressed={saved}
        aria-busy={controls.isBusy(propertyId) || undefined}
        onClick={() => controls.toggle({ id: propertyId, title })}
      >
        <Heart aria-hidden="true" className={cn(saved ? "fill-destructive text-destructive" : "fill-transparent")} />
        {saved ? "Saved" : "Save"}
      </Button>
      <Button variant="outline" size="sm" onClick={share}>
        <Share2 aria-hidden="true" />
        Share
      </Button>
    </div>
  );
}

import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * A file the server makes (a PDF or a CSV), downloaded by the browser from its address. `detail` follows the visible
 * words for screen readers ("Receipt" then "for Mews House, PDF"), so the link's name starts with what it shows.
 */
export function DownloadLink({ href, children, detail }: { href: string; children: string; detail: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} download>
        <Download aria-hidden="true" />
        {children}
        <span className="sr-only"> {detail}</span>
      </a>
    </Button>
  );
}

import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";

/** A file the server makes (a PDF or a CSV), downloaded by the browser from its address. */
export function DownloadLink({ href, children, label }: { href: string; children: string; label?: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} download aria-label={label}>
        <Download aria-hidden="true" />
        {children}
      </a>
    </Button>
  );
}

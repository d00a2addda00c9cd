import { Compass } from "lucide-react";
import { data, Link } from "react-router";
import { Button } from "@/components/ui/button";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** The server answers an unknown path with this page and a 404 status. */
export function loader() {
  return data(null, { status: 404 });
}

/** Any path the router does not know. */
export function Component() {
  useDocumentTitle("Page Not Found");
  return (
    <section className="container-page flex flex-1 flex-col items-center justify-center py-24 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brass-100 text-brass-700">
        <Compass aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-6 font-display text-4xl font-medium tracking-tight sm:text-5xl">404 Page Not Found</h1>
      <p className="mt-4 max-w-md text-muted-foreground">Did you forget to add the page to the router?</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">Back to home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/properties">Browse properties</Link>
        </Button>
      </div>
    </section>
  );
}

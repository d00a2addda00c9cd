import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { MainLayout } from "@/app/shell/main-layout";
import { Button } from "@/components/ui/button";

/** Last-resort screen for render errors and failed page downloads (e.g. after a new release). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status}: ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <MainLayout>
      <section className="container-page flex flex-1 flex-col items-center justify-center py-24 text-center">
        <p className="eyebrow">Something went wrong</p>
        <h1 className="mt-3 font-display text-4xl font-medium">We couldn't show this page</h1>
        <p className="mt-4 max-w-md text-muted-foreground">
          Please reload the page. If it keeps happening, try again in a few minutes.
        </p>
        {detail ? <p className="mt-2 max-w-md text-xs text-muted-foreground">{detail}</p> : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Reload page</Button>
          <Button asChild variant="outline">
            <Link to="/">Back to home</Link>
          </Button>
        </div>
      </section>
    </MainLayout>
  );
}

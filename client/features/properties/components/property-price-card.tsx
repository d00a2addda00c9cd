import type { TPropertyDetail } from "@common/schemas/properties";
import { ArrowRight, Tag, Wrench } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatPounds, pluralize, toAmount } from "@/lib/format";

/** The sticky price card of the detail page (spec 1 §2). */
export function PropertyPriceCard({ property }: { property: TPropertyDetail }) {
  const id = useId();
  const price = toAmount(property.pricePerNight);
  const original = property.originalPricePerNight ? toAmount(property.originalPricePerNight) : 0;
  const showOriginal = original > price;
  const underMaintenance = property.status === "maintenance";

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-3xl border border-border bg-card p-6 shadow-lift sm:p-7"
    >
      <h2 id={`${id}-heading`} className="sr-only">
        Price and booking
      </h2>
      <div className="flex items-start justify-between gap-3">
        <div className="tabular-nums">
          {showOriginal ? (
            <p className="text-sm text-muted-foreground">
              <span className="sr-only">Usual price </span>
              <s>{formatPounds(property.originalPricePerNight)}</s>
            </p>
          ) : null}
          <p>
            <span className="font-display text-4xl font-medium">{formatPounds(property.pricePerNight)}</span>
            <span className="text-muted-foreground"> per night</span>
          </p>
          <p className="mt-1 text-sm text-muted-foreground">{formatPounds(property.pricePerMonth)} per month</p>
        </div>
        <Badge variant="brass" className="mt-1">
          <Tag aria-hidden="true" />
          Best Price
        </Badge>
      </div>

      {underMaintenance ? (
        <div className="mt-6 rounded-2xl border border-warning/30 bg-warning-soft p-5 text-warning">
          <p className="flex items-center gap-2 font-semibold">
            <Wrench aria-hidden="true" className="size-4" />
            Under Maintenance
          </p>
          <p className="mt-1.5 text-sm leading-relaxed">
            This property is temporarily unavailable for booking while work is carried out.
          </p>
          <Button asChild variant="outline" className="mt-4 w-full">
            <Link to="/properties">
              Browse other properties
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      ) : (
        <>
          <div className="mt-6 overflow-hidden rounded-2xl border border-input">
            <div className="grid grid-cols-2 divide-x divide-input border-b border-input">
              <div className="p-3 focus-within:ring-2 focus-within:ring-ring focus-within:ring-inset">
                <Label htmlFor={`${id}-checkin`} className="text-xs tracking-wide uppercase">
                  Check-in
                </Label>
                <Input
                  id={`${id}-checkin`}
                  readOnly
                  placeholder="Add date"
                  aria-describedby={`${id}-hint`}
                  className="mt-1 h-8 border-0 bg-transparent px-0 shadow-none read-only:bg-transparent focus-visible:ring-0"
                />
              </div>
              <div className="p-3 focus-within:ring-2 focus-within:ring-ring focus-within:ring-inset">
                <Label htmlFor={`${id}-checkout`} className="text-xs tracking-wide uppercase">
                  Check-out
                </Label>
                <Input
                  id={`${id}-checkout`}
                  readOnly
                  placeholder="Add date"
                  aria-describedby={`${id}-hint`}
                  className="mt-1 h-8 border-0 bg-transparent px-0 shadow-none read-only:bg-transparent focus-visible:ring-0"
                />
              </div>
            </div>
            <div className="p-3 focus-within:ring-2 focus-within:ring-ring focus-within:ring-inset">
              <Label htmlFor={`${id}-guests`} className="text-xs tracking-wide uppercase">
                Guests
              </Label>
              <Input
                id={`${id}-guests`}
                readOnly
                placeholder={`Up to ${pluralize(property.maxGuests, "guest")}`}
                aria-describedby={`${id}-hint`}
                className="mt-1 h-8 border-0 bg-transparent px-0 shadow-none read-only:bg-transparent focus-visible:ring-0"
              />
            </div>
          </div>
          <p id={`${id}-hint`} className="mt-2 text-xs text-muted-foreground">
            You choose your dates and guests on the next step.
          </p>
          <Button asChild size="lg" className="mt-5 w-full">
            <Link to={`/booking/${property.id}`}>Book Now</Link>
          </Button>
          <p className="mt-3 text-center text-sm text-muted-foreground">You won't be charged yet</p>
        </>
      )}
    </section>
  );
}

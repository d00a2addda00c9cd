import { ALL_IN_LABEL } from "@common/domain/all-in";
import { PROPERTY_TYPE_LABELS } from "@common/domain/property-options";
import type { TPropertyDetail } from "@common/schemas/properties";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { type PropertyPage, propertyKeys } from "@/features/properties/public/api/get-properties";
import { galleryImages, MAIN_PHOTO_SIZES } from "@/features/properties/public/components/property-gallery";
import { formatInteger, formatPounds, pluralize, toAmount } from "@/lib/format";
import { HERO_IMAGE } from "@/lib/site-images";
import type { ServerRenderedPage } from "./routes";

/**
 * The head of a server-rendered page: what search engines index and what a link preview in a chat
 * shows (title, description, photo), the canonical address, structured data for listings, and the
 * largest image so the browser fetches it before the stylesheet has been read.
 */
export type PageHead = {
  title: string;
  description: string;
  /** The canonical address. */
  canonical?: string;
  /** Pages that should not be indexed: not found, and every page drawn in the browser (sign-in, dashboards). */
  noindex?: boolean;
  /** The photo for link previews. */
  image?: string;
  imageAlt?: string;
  /** schema.org data, as JSON-LD. */
  structuredData?: object;
  /** The page's largest image, fetched first. */
  preloadImage?: { href: string; srcSet?: string; sizes?: string };
};

type HeadInput = {
  page: ServerRenderedPage;
  params: Record<string, string | undefined>;
  url: URL;
  status: number;
  queryClient: QueryClient;
  /** The site's public origin: search engines and link previews need absolute addresses. */
  origin: string;
};

const BRAND = "StayLondon";
const SITE_TITLE = "StayLondon · Premium serviced accommodation in London";
const SITE_DESCRIPTION =
  "Book premium serviced apartments and homes across London and the UK, from hosts our team has approved: short stays, mid lets and longer tenancies.";
const HERO = HERO_IMAGE.src;
const DESCRIPTION_LENGTH = 160;

/** The head of a page drawn in the browser: signed-in areas and forms are not for search engines. */
export const BROWSER_PAGE_HEAD: PageHead = { title: SITE_TITLE, description: SITE_DESCRIPTION, noindex: true };

/** An absolute address on the site; a photo added by address is already one. */
function absolute(origin: string, path: string): string {
  return new URL(path, origin).href;
}

function titled(title: string): string {
  return `${title} · ${BRAND}`;
}

/** Whole words up to the limit, ending in an ellipsis when cut. */
function shorten(text: string, limit = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= limit) return flat;
  const cut = flat.slice(0, limit - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), limit / 2))}…`;
}

export function pageHead(input: HeadInput): PageHead {
  const at = (path: string) => absolute(input.origin, path);
  switch (input.page) {
    case "home":
      return {
        title: SITE_TITLE,
        description: SITE_DESCRIPTION,
        canonical: at("/"),
        image: at(HERO),
        imageAlt: "A London street of white stucco townhouses",
        structuredData: {
          "@context": "https://schema.org",
          "@type": "WebSite",
          name: BRAND,
          url: at("/"),
          potentialAction: {
            "@type": "SearchAction",
            target: `${at("/properties")}?q={search_term_string}`,
            "query-input": "required name=search_term_string",
          },
        },
        preloadImage: { href: HERO, srcSet: HERO_IMAGE.srcSet, sizes: HERO_IMAGE.sizes },
      };
    case "browse":
      return browseHead(input);
    case "property":
    case "property-by-id":
      return propertyHead(input);
    case "experiences":
      return {
        title: titled("Experiences"),
        description:
          "London experiences our team recommends to StayLondon guests: theatre, dining, art and days out on the river.",
        canonical: at("/experiences"),
        image: at(HERO),
      };
    case "partnerships":
      return {
        title: titled("Partnerships"),
        description:
          "Partner with StayLondon: relocation agencies, corporate travel teams and property owners working with London's premium serviced accommodation marketplace.",
        canonical: at("/partnerships"),
        image: at(HERO),
      };
    case "privacy":
      return {
        title: titled("Privacy notice"),
        description:
          "What StayLondon collects about you, why, how long we keep it, who handles it for us and your rights.",
        canonical: at("/privacy"),
      };
    case "terms":
      return {
        title: titled("Terms of use"),
        description:
          "The terms for guests and hosts using StayLondon: bookings, payments, cancellations, reviews and accounts.",
        canonical: at("/terms"),
      };
    case "cookies":
      return {
        title: titled("Cookies"),
        description:
          "The cookies and browser storage StayLondon uses: only what signing in and paying need, no tracking.",
        canonical: at("/cookies"),
      };
    case "not-found":
      return { title: titled("Page Not Found"), description: SITE_DESCRIPTION, noindex: true };
  }
}

function browseHead({ url, queryClient, origin }: HeadInput): PageHead {
  const at = (path: string) => absolute(origin, path);
  const city = url.searchParams.get("city")?.trim();
  const pages = queryClient
    .getQueriesData<InfiniteData<PropertyPage>>({ queryKey: [...propertyKeys.all, "infinite"] })
    .map(([, data]) => data)
    .find((data) => data !== undefined);
  const first = pages?.pages[0];
  const cheapest = first?.items.reduce<number | null>((low, item) => {
    const price = toAmount(item.allInPricePerNight);
    return low === null || price < low ? price : low;
  }, null);
  const place = city ? `in ${city}` : "in London";
  const count = first
    ? `${formatInteger(first.total)}${first.totalIsCapped ? "+" : ""} ${first.total === 1 ? "property" : "properties"} to book`
    : "";
  const from =
    cheapest !== null && cheapest !== undefined ? `from ${formatPounds(cheapest)} a night ${ALL_IN_LABEL}.` : "";
  return {
    title: titled(city ? `Properties ${place}` : "London Properties"),
    description: shorten(
      [`Serviced apartments, townhouses and studios ${place}, every one verified by our team.`, count, from]
        .filter(Boolean)
        .join(" "),
    ),
    canonical: at(city ? `/properties?${new URLSearchParams({ city })}` : "/properties"),
    image: at(first?.items[0]?.images[0] ?? HERO),
    structuredData: first
      ? {
          "@context": "https://schema.org",
          "@type": "ItemList",
          itemListElement: first.items.map((item, index) => ({
            "@type": "ListItem",
            position: index + 1,
            url: at(`/property/${item.slug}`),
            name: item.title,
          })),
        }
      : undefined,
  };
}

function propertyHead({ params, status, queryClient, origin }: HeadInput): PageHead {
  const at = (path: string) => absolute(origin, path);
  const ref = params.id ?? "";
  const property = status === 200 ? queryClient.getQueryData<TPropertyDetail>(propertyKeys.detail(ref)) : undefined;
  if (!property) return { title: titled("Property Not Found"), description: SITE_DESCRIPTION, noindex: true };

  const [main] = galleryImages(property, 1);
  const price = formatPounds(property.allInPricePerNight);
  const type = PROPERTY_TYPE_LABELS[property.propertyType];
  const rooms = property.bedrooms === 0 ? "Studio" : pluralize(property.bedrooms, "bedroom");
  const url = at(`/property/${property.slug}`);
  const hasRating = property.reviewCount > 0 && toAmount(property.rating) > 0;
  return {
    title: titled(property.title),
    description: shorten(
      `${price} a night ${ALL_IN_LABEL} · ${rooms} ${type.toLowerCase()} in ${property.city}. ${property.description}`,
    ),
    canonical: url,
    image: main ? at(main.src) : undefined,
    imageAlt: main?.alt,
    preloadImage: main ? { href: main.src, srcSet: main.srcSet, sizes: MAIN_PHOTO_SIZES } : undefined,
    structuredData: {
      "@context": "https://schema.org",
      "@type": "Accommodation",
      name: property.title,
      description: property.description,
      url,
      image: galleryImages(property).map((image) => at(image.src)),
      accommodationCategory: type,
      numberOfBedrooms: property.bedrooms,
      numberOfBathroomsTotal: property.bathrooms,
      occupancy: { "@type": "QuantitativeValue", maxValue: property.maxGuests },
      ...(property.squareFeet
        ? { floorSize: { "@type": "QuantitativeValue", value: property.squareFeet, unitCode: "FTK" } }
        : {}),
      address: {
        "@type": "PostalAddress",
        streetAddress: property.address,
        addressLocality: property.city,
        ...(property.postcode ? { postalCode: property.postcode } : {}),
        addressCountry: "GB",
      },
      ...(property.latitude !== null && property.longitude !== null
        ? { geo: { "@type": "GeoCoordinates", latitude: property.latitude, longitude: property.longitude } }
        : {}),
      amenityFeature: property.amenities.map((name) => ({
        "@type": "LocationFeatureSpecification",
        name,
        value: true,
      })),
      offers: {
        "@type": "Offer",
        url,
        price: toAmount(property.allInPricePerNight).toFixed(2),
        priceCurrency: "GBP",
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price: toAmount(property.allInPricePerNight).toFixed(2),
          priceCurrency: "GBP",
          unitText: "night",
        },
        availability: property.status === "active" ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      },
      ...(hasRating
        ? {
            aggregateRating: {
              "@type": "AggregateRating",
              ratingValue: toAmount(property.rating).toFixed(1),
              reviewCount: property.reviewCount,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
    },
  };
}

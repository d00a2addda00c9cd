import { sizedName } from "@common/domain/photo-sizes";

/** The hero picture is 2000 px wide and also comes in these widths (scripts/make-image-sizes.ts). */
export const HERO_WIDTHS = [640, 1280] as const;

/** The home page's hero: its largest picture, fetched first (the page head preloads the same srcset). */
export const HERO_IMAGE = {
  src: "/images/hero-london.webp",
  srcSet: [
    ...HERO_WIDTHS.map((width) => `/images/${sizedName("hero-london", width)}.webp ${width}w`),
    "/images/hero-london.webp 2000w",
  ].join(", "),
  sizes: "100vw",
  width: 2000,
  height: 1100,
} as const;

import { photoSrcSet } from "@common/domain/photo-sizes";
import type { TPropertyDetail } from "@common/schemas/properties";
import { PROPERTY_PLACEHOLDER_IMAGE, PropertyImage } from "@/components/ui/property-image";

/** `srcSet`: the smaller sizes of an uploaded photo, for the page head's preload. */
type GalleryImage = { src: string; alt: string; srcSet?: string };

/** How wide the main photo is drawn: two thirds of a desktop page, the whole width of a phone. */
export const MAIN_PHOTO_SIZES = "(min-width: 1024px) 66vw, 100vw";

/** The three pictures of the detail page: photos with captions first, then plain image URLs, then the placeholder. */
export function galleryImages(property: TPropertyDetail, count = 3): GalleryImage[] {
  const fromPhotos = property.photos.map((photo, i) => ({
    src: photo.url,
    alt: photo.caption ?? `${property.title}, photo ${i + 1}`,
  }));
  const list =
    fromPhotos.length > 0
      ? fromPhotos
      : property.images.map((src, i) => ({ src, alt: `${property.title}, photo ${i + 1}` }));
  const result: GalleryImage[] = list
    .slice(0, count)
    .map((image) => ({ ...image, srcSet: photoSrcSet(image.src) ?? undefined }));
  while (result.length < count) {
    result.push({ src: PROPERTY_PLACEHOLDER_IMAGE, alt: `${property.title}, photo to follow` });
  }
  return result;
}

/** One large picture and two small ones; stacked on phones. */
export function PropertyGallery({ property }: { property: TPropertyDetail }) {
  const [main, second, third] = galleryImages(property);
  return (
    <div className="grid gap-2 overflow-hidden rounded-3xl sm:gap-3 md:h-[28rem] md:grid-cols-[2fr_1fr] md:grid-rows-2 lg:h-[32rem]">
      <div className="relative aspect-[4/3] md:row-span-2 md:aspect-auto">
        <PropertyImage
          src={main?.src}
          alt={main?.alt ?? property.title}
          priority
          width={1600}
          height={1200}
          sizes={MAIN_PHOTO_SIZES}
        />
      </div>
      <div className="grid grid-cols-2 gap-2 sm:gap-3 md:contents">
        {second ? (
          <div className="relative aspect-[4/3] md:aspect-auto">
            <PropertyImage src={second.src} alt={second.alt} width={800} height={600} />
          </div>
        ) : null}
        {third ? (
          <div className="relative aspect-[4/3] md:aspect-auto">
            <PropertyImage src={third.src} alt={third.alt} width={800} height={600} />
          </div>
        ) : null}
      </div>
    </div>
  );
}

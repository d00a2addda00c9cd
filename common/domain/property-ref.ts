/** A path segment that can name a property: its numeric id or its slug (camden-modern-studio). */
export const PROPERTY_REF_PATTERN = /^(\d+|[a-z0-9]+(-[a-z0-9]+)*)$/;
export const PROPERTY_REF_MAX_LENGTH = 120;

/** True when the segment can name a property; anything else cannot exist. */
export function isPropertyRef(ref: string): boolean {
  return ref.length <= PROPERTY_REF_MAX_LENGTH && PROPERTY_REF_PATTERN.test(ref);
}

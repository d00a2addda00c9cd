import { Children, cloneElement, isValidElement, type ReactNode, type Ref, type RefCallback } from "react";

type SlotProps = Record<string, unknown> & { children?: ReactNode; ref?: Ref<unknown> };

/**
 * Draws its one child element with the props it was given merged in: what `asChild` needs, a link drawn as a
 * button. The child's own props win, except that class names are joined, styles merged, both handlers of an event
 * run (the child's first) and both refs are set. Written here rather than taken from Radix: the button is on every
 * public page, and Radix's slot added 0.9 KB more to every page's first download.
 */
export function Slot({ children, ref, ...slotProps }: SlotProps) {
  // More than one child is a mistake in the page's code; text alone has nothing to merge into.
  if (!isValidElement<Record<string, unknown>>(children))
    return Children.count(children) > 1 ? Children.only(null) : null;
  const child = children;
  const childProps = child.props;
  const merged: Record<string, unknown> = { ...slotProps, ...childProps };
  for (const [name, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[name];
    if (childValue === undefined) merged[name] = slotValue;
    else if (name === "className") merged.className = [slotValue, childValue].filter(Boolean).join(" ");
    else if (name === "style") merged.style = { ...(slotValue as object), ...(childValue as object) };
    else if (/^on[A-Z]/.test(name) && typeof slotValue === "function" && typeof childValue === "function")
      merged[name] = (...args: unknown[]) => {
        const result = childValue(...args);
        slotValue(...args);
        return result;
      };
  }
  const childRef = childProps.ref as Ref<unknown> | undefined;
  merged.ref = ref && childRef ? bothRefs(ref, childRef) : (ref ?? childRef);
  return cloneElement(child, merged);
}

function bothRefs(...refs: Ref<unknown>[]): RefCallback<unknown> {
  return (node) => {
    const cleanups = refs.map((ref) => {
      if (typeof ref === "function") return ref(node);
      if (ref) ref.current = node;
      return undefined;
    });
    return () =>
      refs.forEach((ref, at) => {
        const cleanup = cleanups[at];
        if (typeof cleanup === "function") cleanup();
        else if (typeof ref === "function") ref(null);
        else if (ref) ref.current = null;
      });
  };
}

import * as React from "react";
import { flushSync } from "react-dom";
import type { TooltipPopup } from "./tooltip-popup";

type Popup = typeof TooltipPopup;
type TriggerProps = React.HTMLAttributes<HTMLElement> & { ref?: React.Ref<HTMLElement> };

let popup: Popup | undefined;
let loading: Promise<Popup> | undefined;

function loadPopup(): Promise<Popup> {
  if (!loading) {
    loading = import("./tooltip-popup").then(
      (module) => {
        popup = module.TooltipPopup;
        return popup;
      },
      (error: unknown) => {
        // A lost connection must not keep the hint away for good: the next reach tries again.
        loading = undefined;
        throw error;
      },
    );
  }
  return loading;
}

/**
 * A short hint beside a control, shown on hover (after a delay) and on keyboard focus. The positioning code behind it
 * (about 12 KB compressed) loads only when a pointer or the keyboard first reaches the trigger, so a page full of
 * controls with hints does not make every phone parse it at start. Until then the trigger is drawn alone, which is
 * also what the server draws, so hydration matches. The hint's words must also be the control's accessible name or
 * description, as they should be for any tooltip.
 *
 * Taking the hint up draws the trigger anew. That never happens while the trigger is pressed (a click must land on
 * the element it started on), and a trigger the keyboard had reached gets its focus back, which shows the hint.
 */
export function Tooltip({
  content,
  children,
}: {
  content: React.ReactNode;
  children: React.ReactElement<TriggerProps>;
}) {
  const [Loaded, setLoaded] = React.useState<Popup>();
  const trigger = React.useRef<HTMLElement | null>(null);
  const wanted = React.useRef(false);
  const pressed = React.useRef(false);
  const refocus = React.useRef(false);

  const takeUpWhenFree = React.useCallback(() => {
    if (!wanted.current || pressed.current || !popup) return;
    const element = trigger.current;
    refocus.current = element !== null && element === document.activeElement && element.matches(":focus-visible");
    const loaded = popup;
    // Drawn at once, so no press can begin on the old trigger and end on the new one.
    flushSync(() => setLoaded(() => loaded));
  }, []);
  const want = () => {
    wanted.current = true;
    // Without its code the control still works, only without the hint.
    loadPopup().then(takeUpWhenFree, () => undefined);
  };

  if (Loaded) {
    return (
      <Loaded content={content} refocus={refocus.current}>
        {children}
      </Loaded>
    );
  }
  const { onPointerEnter, onPointerDown, onFocus, ref } = children.props;
  return React.cloneElement(children, {
    ref: (element: HTMLElement | null) => {
      trigger.current = element;
      if (typeof ref === "function") ref(element);
      else if (ref) (ref as React.RefObject<HTMLElement | null>).current = element;
    },
    onPointerEnter: (event: React.PointerEvent<HTMLElement>) => {
      onPointerEnter?.(event);
      want();
    },
    onFocus: (event: React.FocusEvent<HTMLElement>) => {
      onFocus?.(event);
      want();
    },
    onPointerDown: (event: React.PointerEvent<HTMLElement>) => {
      onPointerDown?.(event);
      pressed.current = true;
      // The click follows the release in the same turn; take the hint up only after it.
      const listening = new AbortController();
      const release = () => {
        listening.abort();
        setTimeout(() => {
          pressed.current = false;
          takeUpWhenFree();
        }, 0);
      };
      window.addEventListener("pointerup", release, { signal: listening.signal });
      window.addEventListener("pointercancel", release, { signal: listening.signal });
    },
  });
}

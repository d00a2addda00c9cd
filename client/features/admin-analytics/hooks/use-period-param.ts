import { DEFAULT_PLATFORM_PERIOD, isPlatformPeriod, type PlatformPeriod } from "@common/domain/platform-analytics";
import { useSearchParams } from "react-router";

/**
 * The chosen period, kept in the address bar as ?period= so a view can be shared, reloaded and left with Back.
 * Anything but a known period reads as the default (1 Month).
 */
export function usePeriodParam(): [PlatformPeriod, (period: PlatformPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get("period");
  const period = isPlatformPeriod(asked) ? asked : DEFAULT_PLATFORM_PERIOD;
  const choose = (next: PlatformPeriod) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set("period", next);
        return updated;
      },
      { replace: true },
    );
  return [period, choose];
}

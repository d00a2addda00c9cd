import { describe, expect, it } from "vitest";
import { deviceName } from "../../common/domain/device-name";

describe("deviceName", () => {
  it("names the common browsers on their systems, not the engines they borrow from", () => {
    const cases: [string, string][] = [
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        "Chrome on Windows",
      ],
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
        "Edge on Windows",
      ],
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
        "Safari on iPhone",
      ],
      ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0", "Firefox on Mac"],
      [
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
        "Chrome on Android",
      ],
      ["curl/8.5.0", "Unknown browser"],
    ];
    for (const [agent, name] of cases) expect(deviceName(agent), agent).toBe(name);
  });

  it("says so when the browser gave no description", () => {
    expect(deviceName(undefined)).toBe("Unknown device");
    expect(deviceName("")).toBe("Unknown device");
  });
});

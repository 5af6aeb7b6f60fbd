import { describe, expect, it } from "vitest";
import { checkBreachedPassword, PWNED_RANGE_URL, type Fetcher } from "./pwned-passwords.ts";

// SHA-1("password") = 5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8
const PREFIX = "5BAA6";
const SUFFIX = "1E4C9B93F3F0682250B6CF8331B7EE68FD8";

/** A range answer in the API's format: `SUFFIX:COUNT` lines, padding entries with count 0. */
function rangeAnswer(lines: string[], seen: string[] = []): Fetcher {
  return (input) => {
    seen.push(input);
    return Promise.resolve(new Response(lines.join("\r\n"), { status: 200 }));
  };
}

describe("Have I Been Pwned's range API (issue 14, item 6)", () => {
  it("sends only the first five hex digits of the SHA-1 and finds the suffix in the answer", async () => {
    const seen: string[] = [];
    const fetcher = rangeAnswer(
      ["0018A45C4D1DEF81644B54AB7F969B88D65:1", `${SUFFIX}:10434004`],
      seen,
    );
    expect(await checkBreachedPassword("password", fetcher)).toBe("breached");
    expect(seen).toEqual([`${PWNED_RANGE_URL}${PREFIX}`]);
  });

  it("treats padding (count 0) and other suffixes as not found", async () => {
    const fetcher = rangeAnswer([`${SUFFIX}:0`, "0018A45C4D1DEF81644B54AB7F969B88D65:3"]);
    expect(await checkBreachedPassword("password", fetcher)).toBe("not_found");
  });

  it("answers unavailable, never throwing, when the service fails or is slow", async () => {
    const failing: Fetcher = () => Promise.reject(new TypeError("network down"));
    expect(await checkBreachedPassword("password", failing)).toBe("unavailable");
    const refusing: Fetcher = () => Promise.resolve(new Response("busy", { status: 503 }));
    expect(await checkBreachedPassword("password", refusing)).toBe("unavailable");
    // Waits for the abort signal like a real fetch: the timeout decides.
    const hanging: Fetcher = (_input, init) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener("abort", () => reject(new Error("aborted")));
      });
    const started = Date.now();
    expect(await checkBreachedPassword("password", hanging, 50)).toBe("unavailable");
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

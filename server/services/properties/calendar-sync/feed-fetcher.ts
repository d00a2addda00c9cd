import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { MAX_FEED_BYTES } from "../../../../common/schemas/calendar-sync";

/**
 * Fetches another site's calendar feed for a landlord. The address is typed by a user and fetched by our server,
 * so it must not become a way into our own network: only http(s), every address the host name resolves to must
 * be a public one, and the connection goes to the address that was checked (a second lookup could answer
 * differently). Redirects are followed a few times, each checked the same way. Reading stops at the deadline and
 * at the size limit.
 */

export type FeedFetchOptions = {
  timeoutMs: number;
  maxBytes?: number;
  /** Private and loopback addresses allowed: for tests and local development only. */
  allowPrivateHosts: boolean;
  /** The validators of the last full answer: the server may then answer "unchanged" (304) without the feed. */
  validators?: FeedValidators | undefined;
};

/** What a feed's server said identifies the version it sent (either may be missing). */
export type FeedValidators = { etag: string | null; lastModified: string | null };

/** The feed's text with its validators, or word that it has not changed since the validators sent. */
export type FeedFetchResult = ({ changed: true; text: string } & FeedValidators) | { changed: false };

/** Why a feed could not be read, in words a landlord can act on. */
export class FeedFetchError extends Error {
  constructor(
    message: string,
    readonly reason: "address" | "private" | "timeout" | "too-large" | "http" | "unreachable" | "redirects",
  ) {
    super(message);
    this.name = "FeedFetchError";
  }
}

const MAX_REDIRECTS = 3;

/** Networks no feed of another site lives on: ours, the cloud's metadata service, and addresses that are not hosts. */
const PRIVATE_NETWORKS = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  PRIVATE_NETWORKS.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // old site-local
  ["ff00::", 8], // multicast
] as const) {
  PRIVATE_NETWORKS.addSubnet(network, prefix, "ipv6");
}

/** The IPv4 address inside an IPv6 one that carries it (mapped, NAT64, 6to4), if any. */
function embeddedIpv4(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const groups = expandIpv6(address);
  if (!groups) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  // ::ffff:a.b.c.d written in hex, and the deprecated ::a.b.c.d.
  if (groups.slice(0, 5).every((g) => g === 0) && (groups[5] === 0xffff || groups[5] === 0)) {
    return v4(groups[6] ?? 0, groups[7] ?? 0);
  }
  // 64:ff9b::/96 (NAT64) carries an IPv4 address in its last 32 bits.
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) {
    return v4(groups[6] ?? 0, groups[7] ?? 0);
  }
  // 2002::/16 (6to4) carries one in bits 16 to 48.
  if (groups[0] === 0x2002) return v4(groups[1] ?? 0, groups[2] ?? 0);
  return null;
}

function expandIpv6(address: string): number[] | null {
  const plain = address.split("%")[0] ?? "";
  let text = plain;
  // A dotted IPv4 tail becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const parts = dotted[1].split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1].length)}${((parts[0] << 8) | parts[1]).toString(16)}:${((parts[2] << 8) | parts[3]).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...headGroups, ...Array.from({ length: tail === undefined ? 0 : missing }, () => "0"), ...tailGroups];
  const numbers = groups.map((g) => Number.parseInt(g, 16));
  return numbers.length === 8 && numbers.every((n) => Number.isInteger(n) && n >= 0 && n <= 0xffff) ? numbers : null;
}

/** True for an address inside our network or one that is not a host on the internet. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return PRIVATE_NETWORKS.check(address, "ipv4");
  if (family === 6) {
    const carried = embeddedIpv4(address);
    if (carried !== null) return isPrivateAddress(carried);
    return PRIVATE_NETWORKS.check(address.split("%")[0] ?? address, "ipv6");
  }
  return true;
}

type Resolved = { address: string; family: number };

const PRIVATE_REFUSAL =
  "This address leads to a private or local network, which calendar sync does not reach. Use the public address the other site gives you.";

const tooSlow = (timeoutMs: number) =>
  new FeedFetchError(`The calendar did not answer within ${Math.round(timeoutMs / 1000)} seconds.`, "timeout");

/** Every address of the host, each checked; the first one is where the connection goes. */
async function resolvePublic(
  hostname: string,
  allowPrivate: boolean,
  limits: { deadline: number; timeoutMs: number },
): Promise<Resolved[]> {
  const bare = hostname.replace(/^\[|\]$/g, "");
  let addresses: Resolved[];
  if (net.isIP(bare)) addresses = [{ address: bare, family: net.isIP(bare) }];
  else {
    // A resolver that never answers counts against the same deadline as the server.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(tooSlow(limits.timeoutMs)), Math.max(0, limits.deadline - Date.now()));
    });
    try {
      addresses = await Promise.race([dnsLookup(bare, { all: true, verbatim: true }), late]);
    } catch (error) {
      if (error instanceof FeedFetchError) throw error;
      throw new FeedFetchError(`The calendar's host ${bare} could not be found.`, "unreachable");
    } finally {
      clearTimeout(timer);
    }
  }
  if (addresses.length === 0)
    throw new FeedFetchError(`The calendar's host ${bare} could not be found.`, "unreachable");
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
    throw new FeedFetchError(PRIVATE_REFUSAL, "private");
  }
  return addresses;
}

/** The feed at `address` (or "unchanged", when validators were sent), or a FeedFetchError saying why not. */
export async function fetchFeed(address: string, options: FeedFetchOptions): Promise<FeedFetchResult> {
  const maxBytes = options.maxBytes ?? MAX_FEED_BYTES;
  const deadline = Date.now() + options.timeoutMs;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FeedFetchError("The calendar address is not a web address.", "address");
  }
  for (let redirects = 0; ; redirects += 1) {
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      throw new FeedFetchError("The calendar address must start with https:// or http://", "address");
    }
    const resolved = await resolvePublic(url.hostname, options.allowPrivateHosts, {
      deadline,
      timeoutMs: options.timeoutMs,
    });
    const answer = await get(url, resolved, {
      deadline,
      maxBytes,
      timeoutMs: options.timeoutMs,
      validators: options.validators,
    });
    if ("location" in answer) {
      if (redirects >= MAX_REDIRECTS)
        throw new FeedFetchError("The calendar address redirects too many times.", "redirects");
      try {
        url = new URL(answer.location, url);
      } catch {
        throw new FeedFetchError("The calendar address redirects to something that is not a web address.", "address");
      }
      continue;
    }
    return answer;
  }
}

/** The request headers that ask "changed since?", from the validators of the last full answer. */
function conditionalHeaders(validators: FeedValidators | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (validators?.etag) headers["if-none-match"] = validators.etag;
  if (validators?.lastModified) headers["if-modified-since"] = validators.lastModified;
  return headers;
}

/** A header's single value, kept only when it is short enough to be a validator rather than noise. */
function validator(value: string | string[] | undefined): string | null {
  return typeof value === "string" && value.length > 0 && value.length <= 200 ? value : null;
}

function get(
  url: URL,
  resolved: Resolved[],
  limits: { deadline: number; maxBytes: number; timeoutMs: number; validators: FeedValidators | undefined },
): Promise<FeedFetchResult | { location: string }> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: "GET",
      headers: {
        accept: "text/calendar, text/plain;q=0.5, */*;q=0.1",
        "accept-encoding": "identity",
        "user-agent": "StayLondon calendar sync",
        ...conditionalHeaders(limits.validators),
      },
      // The connection goes to the addresses checked above, never to a second lookup's answer.
      lookup: ((_host: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
        if (lookupOptions.all) callback(null, resolved);
        else callback(null, resolved[0]?.address, resolved[0]?.family);
      }) as unknown as net.LookupFunction,
      agent: false,
    });
    // The first verdict wins: the socket errors that destroying the request causes come after it.
    const fail = (error: unknown) => {
      clearTimeout(timer);
      reject(
        error instanceof FeedFetchError
          ? error
          : new FeedFetchError(`The calendar's server could not be reached (${url.host}).`, "unreachable"),
      );
    };
    const abort = (error: FeedFetchError) => {
      fail(error);
      request.destroy();
    };
    const timer = setTimeout(() => abort(tooSlow(limits.timeoutMs)), Math.max(0, limits.deadline - Date.now()));
    request.on("error", fail);
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        clearTimeout(timer);
        response.resume();
        request.destroy();
        resolve({ location: response.headers.location });
        return;
      }
      if (status === 304 && limits.validators) {
        clearTimeout(timer);
        response.resume();
        resolve({ changed: false });
        return;
      }
      if (status < 200 || status >= 300) {
        abort(new FeedFetchError(`The calendar's server answered with HTTP ${status}.`, "http"));
        return;
      }
      const tooLarge = new FeedFetchError(
        `The calendar is larger than ${Math.round(limits.maxBytes / 1024 / 1024)} MB.`,
        "too-large",
      );
      if (Number(response.headers["content-length"] ?? 0) > limits.maxBytes) {
        abort(tooLarge);
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        // Stop reading at once: what lies beyond is never held.
        if (size > limits.maxBytes) abort(tooLarge);
        else chunks.push(chunk);
      });
      response.on("error", fail);
      response.on("end", () => {
        clearTimeout(timer);
        resolve({
          changed: true,
          text: Buffer.concat(chunks).toString("utf8"),
          etag: validator(response.headers.etag),
          lastModified: validator(response.headers["last-modified"]),
        });
      });
    });
    request.end();
  });
}

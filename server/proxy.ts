/**
 * Who the client is behind a reverse proxy: the limiter counts per calling address, and behind a proxy every socket
 * is the proxy's. `TRUST_PROXY` and the right-most-untrusted rule: docs/self-hosting.md#behind-a-reverse-proxy.
 * Hand-written rather than `proxy-addr`, which reads addresses and headers differently from what docs/self-hosting.md
 * promises: docs/architecture.md#kept-hand-written-and-why.
 */
import { isIPv4, isIPv6 } from "node:net";

/** The environment variable naming the trusted proxies. */
export const TRUST_PROXY_ENV = "TRUST_PROXY";

/** An address as a number: IPv4 in 32 bits, IPv6 in 128. */
export interface Address {
  readonly family: 4 | 6;
  readonly value: bigint;
}

/** A CIDR range: the addresses whose first `prefix` bits are those of `base`. */
export interface AddressRange {
  readonly family: 4 | 6;
  readonly base: bigint;
  readonly prefix: number;
}

const BITS = { 4: 32, 6: 128 } as const;
const IPV4_MAPPED_PREFIX = 0xffffn << 32n;

function ipv4Value(text: string): bigint {
  let value = 0n;
  for (const part of text.split(".")) value = (value << 8n) | BigInt(Number(part));
  return value;
}

function ipv6Value(text: string): bigint {
  let groups = text;
  let tail: bigint | undefined;
  // an embedded IPv4 tail (`::ffff:1.2.3.4`) is the last two groups
  const lastColon = groups.lastIndexOf(":");
  if (groups.includes(".", lastColon)) {
    tail = ipv4Value(groups.slice(lastColon + 1));
    groups = groups.slice(0, lastColon + 1) + "0:0";
  }
  const [head, rest] = groups.includes("::") ? groups.split("::") : [groups, undefined];
  const left = head ? head.split(":") : [];
  const right = rest === undefined ? [] : rest ? rest.split(":") : [];
  const all = rest === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  let value = 0n;
  for (const group of all) value = (value << 16n) | BigInt(parseInt(group, 16));
  if (tail !== undefined) value = (value & ~0xffffffffn) | tail;
  return value;
}

/**
 * An IP address from its text (IPv4 dotted, IPv6 in any of its forms, without zone or brackets); an IPv4-mapped IPv6
 * address is its IPv4 address. Undefined for anything else.
 */
export function parseAddress(text: string): Address | undefined {
  if (isIPv4(text)) return { family: 4, value: ipv4Value(text) };
  if (!isIPv6(text) || text.includes("%")) return undefined;
  const value = ipv6Value(text);
  if (value >> 32n === IPV4_MAPPED_PREFIX >> 32n) return { family: 4, value: value & 0xffffffffn };
  return { family: 6, value };
}

/** A CIDR range (`10.0.0.0/8`, `fd00::/8`) or a single address (all its bits); undefined when unreadable. */
export function parseRange(text: string): AddressRange | undefined {
  const slash = text.indexOf("/");
  const address = parseAddress(slash < 0 ? text : text.slice(0, slash));
  if (!address) return undefined;
  const mapped = address.family === 4 && slash >= 0 && isIPv6(text.slice(0, slash));
  let prefix: number = BITS[address.family];
  if (slash >= 0) {
    const digits = text.slice(slash + 1);
    if (!/^\d{1,3}$/.test(digits)) return undefined;
    prefix = Number(digits);
    // an IPv4-mapped range (::ffff:10.0.0.0/104) counts its prefix over the 128 bits of IPv6
    if (mapped) prefix -= 96;
    if (prefix < 0 || prefix > BITS[address.family]) return undefined;
  }
  const hostBits = BigInt(BITS[address.family] - prefix);
  return { family: address.family, base: (address.value >> hostBits) << hostBits, prefix };
}

/** Is an address inside a range? */
export function inRange(address: Address, range: AddressRange): boolean {
  if (address.family !== range.family) return false;
  const hostBits = BigInt(BITS[range.family] - range.prefix);
  return address.value >> hostBits === range.base >> hostBits;
}

/** What `loopback` stands for. */
export const LOOPBACK_RANGES: readonly string[] = ["127.0.0.0/8", "::1/128"];

/** The trusted proxies: is an address (text, as a socket or a header gives it) one of them? */
export interface TrustedProxies {
  trusts(address: Address): boolean;
  /** the configuration as read, for the start-up line */
  readonly description: string;
}

/**
 * The trusted proxies of a TRUST_PROXY value; undefined when it is unset or empty (no forwarding header is believed).
 * Throws on an entry that is neither `loopback`, an address nor a CIDR range: a typo must not silently trust no one
 * (or everyone).
 */
export function parseTrustProxy(value: string | undefined): TrustedProxies | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const ranges: AddressRange[] = [];
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  for (const entry of entries) {
    const texts = entry.toLowerCase() === "loopback" ? LOOPBACK_RANGES : [entry];
    for (const text of texts) {
      const range = parseRange(text);
      if (!range) throw new Error(`${TRUST_PROXY_ENV}: '${entry}' is not an IP address, a CIDR range or 'loopback'`);
      ranges.push(range);
    }
  }
  if (ranges.length === 0) return undefined;
  return {
    trusts: (address) => ranges.some((range) => inRange(address, range)),
    description: entries.join(", "),
  };
}

/** One entry of a forwarding header as an address: quotes, brackets and a port taken off; undefined when it is none. */
export function forwardedAddress(entry: string): Address | undefined {
  let text = entry.trim();
  if (text.length > 2 && text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1);
  if (text.startsWith("[")) {
    const end = text.indexOf("]");
    return end < 0 ? undefined : parseAddress(text.slice(1, end));
  }
  // `1.2.3.4:5678` (a port after an IPv4 address; an IPv6 address has more than one colon)
  const colon = text.indexOf(":");
  if (colon >= 0 && colon === text.lastIndexOf(":")) text = text.slice(0, colon);
  return parseAddress(text);
}

/** The `for=` values of a `Forwarded` header (RFC 7239), in order; elements without one are skipped. */
export function forwardedFor(header: string): string[] {
  const values: string[] = [];
  // elements are separated by commas and parameters by semicolons, outside quoted strings
  for (const element of splitOutsideQuotes(header, ",")) {
    for (const pair of splitOutsideQuotes(element, ";")) {
      const eq = pair.indexOf("=");
      if (eq > 0 && pair.slice(0, eq).trim().toLowerCase() === "for") values.push(pair.slice(eq + 1).trim());
    }
  }
  return values;
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (c === "\\" && quoted) i++;
    else if (c === separator && !quoted) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** An address as the limiter's key: the canonical text of what the socket or the header said. */
export function addressKey(address: Address): string {
  if (address.family === 4) {
    const v = Number(address.value);
    return `${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`;
  }
  const groups: string[] = [];
  for (let shift = 112n; shift >= 0n; shift -= 16n) groups.push(((address.value >> shift) & 0xffffn).toString(16));
  return groups.join(":");
}

/** The longest text of an unreadable forwarded entry used as a key (a proxy wrote it; it still must not grow memory). */
const MAX_KEY_TEXT = 64;

/**
 * The client a request is counted for: the socket's address, or, when that is a trusted proxy, the right-most entry
 * of its forwarding header that is not one (see above). `forwardedForHeader`, `forwardedHeader`: the request's
 * X-Forwarded-For and Forwarded values (several fields of one name joined with commas, as Node joins them).
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedForHeader: string | undefined,
  forwardedHeader: string | undefined,
  trusted: TrustedProxies | undefined,
): string {
  // the default: the socket's address as Node gives it, nothing parsed
  if (!trusted || socketAddress === undefined) return socketAddress ?? "unknown";
  const socketKey = trustedProxyKey(socketAddress, trusted);
  return socketKey === undefined
    ? socketAddress
    : forwardedClient(socketKey, forwardedForHeader, forwardedHeader, trusted);
}

/** The key of a socket's address when it is a trusted proxy's (clientAddress reads the forwarding headers then); else undefined. */
export function trustedProxyKey(socketAddress: string, trusted: TrustedProxies): string | undefined {
  const socket = parseAddress(socketAddress);
  return socket && trusted.trusts(socket) ? addressKey(socket) : undefined;
}

/** The client a trusted proxy (`socketKey`: its address's key) forwarded for, from its forwarding headers (clientAddress). */
export function forwardedClient(
  socketKey: string,
  forwardedForHeader: string | undefined,
  forwardedHeader: string | undefined,
  trusted: TrustedProxies,
): string {
  const chain = forwardedForHeader
    ? forwardedForHeader.split(",")
    : forwardedHeader
      ? forwardedFor(forwardedHeader)
      : [];
  let leftmost: string | undefined;
  for (let i = chain.length - 1; i >= 0; i--) {
    const entry = chain[i].trim();
    if (entry === "") continue;
    const address = forwardedAddress(entry);
    // an entry that is no address (`unknown`, an obfuscated name) was still written by the trusted proxy right of it
    if (!address) return `forwarded:${entry.slice(0, MAX_KEY_TEXT)}`;
    const key = addressKey(address);
    if (!trusted.trusts(address)) return key;
    leftmost = key;
  }
  return leftmost ?? socketKey;
}

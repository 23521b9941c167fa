/**
 * TRUST_PROXY (server/proxy.ts): addresses, CIDR ranges and the client behind trusted proxies, with property tests.
 * Node's own `net.BlockList` is the oracle for range membership; the WHATWG URL parser's canonical IPv6 text is the
 * oracle for reading every form of an IPv6 address.
 */
import { BlockList } from "node:net";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addressKey,
  clientAddress,
  forwardedAddress,
  forwardedFor,
  inRange,
  parseAddress,
  parseRange,
  parseTrustProxy,
} from "../../server/proxy.js";

const RUNS = { numRuns: 500 };

const ipv4Of = (bytes: number[]) => bytes.join(".");
const byte = fc.integer({ min: 0, max: 255 });
const ipv4 = fc.tuple(byte, byte, byte, byte).map(ipv4Of);
/** IPv6 addresses in every textual form fast-check writes (compressed, full, embedded IPv4), not IPv4-mapped ones. */
/** The canonical (RFC 5952) text of an IPv6 address. */
const canonical6 = (address: string) => new URL(`http://[${address}]`).hostname.slice(1, -1);
const ipv6 = fc.ipV6().filter((a) => !canonical6(a).startsWith("::ffff:"));

describe("addresses", () => {
  it("IPv4: read as its 32-bit value, written back as the same text", () => {
    fc.assert(
      fc.property(fc.tuple(byte, byte, byte, byte), (bytes) => {
        const parsed = parseAddress(ipv4Of(bytes));
        expect(parsed).toEqual({
          family: 4,
          value: BigInt(((bytes[0] << 24) >>> 0) + (bytes[1] << 16) + (bytes[2] << 8) + bytes[3]),
        });
        expect(addressKey(parsed!)).toBe(ipv4Of(bytes));
      }),
      RUNS,
    );
  });

  it("IPv4-mapped IPv6 (::ffff:a.b.c.d, its hex form, the full form) is the IPv4 address", () => {
    fc.assert(
      fc.property(fc.tuple(byte, byte, byte, byte), (bytes) => {
        const v4 = ipv4Of(bytes);
        const hex = `${((bytes[0] << 8) | bytes[1]).toString(16)}:${((bytes[2] << 8) | bytes[3]).toString(16)}`;
        for (const form of [
          `::ffff:${v4}`,
          `::FFFF:${hex}`,
          `0:0:0:0:0:ffff:${hex}`,
          `0000:0000:0000:0000:0000:ffff:${v4}`,
        ]) {
          expect([form, parseAddress(form)]).toEqual([form, parseAddress(v4)]);
        }
      }),
      RUNS,
    );
  });

  it("IPv6: every textual form of an address reads as the same value as its canonical form", () => {
    fc.assert(
      fc.property(ipv6, (address) => {
        const parsed = parseAddress(address);
        expect(parsed?.family).toBe(6);
        expect(parseAddress(canonical6(address))).toEqual(parsed);
        // written out in full, it reads back the same
        expect(parseAddress(addressKey(parsed!))).toEqual(parsed);
        expect(canonical6(addressKey(parsed!))).toBe(canonical6(address));
      }),
      RUNS,
    );
  });

  it("anything that is not an IP address is none (names, ports, zones, brackets, garbage)", () => {
    for (const text of [
      "",
      "localhost",
      "unknown",
      "1.2.3",
      "1.2.3.4.5",
      "256.1.1.1",
      "01.2.3.4",
      "1.2.3.4:80",
      "[::1]",
      "::1%eth0",
      "fe80::1%lo",
      "::g",
      "1::2::3",
      " 1.2.3.4",
    ]) {
      expect([text, parseAddress(text)]).toEqual([text, undefined]);
    }
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseAddress(text);
        if (parsed) expect(/^[0-9a-fA-F:.]+$/.test(text)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe("CIDR ranges", () => {
  it("IPv4 ranges agree with node:net's BlockList", () => {
    fc.assert(
      fc.property(ipv4, fc.integer({ min: 0, max: 32 }), ipv4, (base, prefix, candidate) => {
        const range = parseRange(`${base}/${prefix}`)!;
        const oracle = new BlockList();
        oracle.addSubnet(base, prefix, "ipv4");
        expect(inRange(parseAddress(candidate)!, range)).toBe(oracle.check(candidate, "ipv4"));
        // the base address is always inside its own range
        expect(inRange(parseAddress(base)!, range)).toBe(true);
      }),
      RUNS,
    );
  });

  it("IPv6 ranges agree with node:net's BlockList (candidates near the base as well as anywhere)", () => {
    fc.assert(
      fc.property(
        ipv6,
        fc.integer({ min: 0, max: 128 }),
        ipv6,
        fc.bigInt({ min: 0n, max: (1n << 20n) - 1n }),
        (base, prefix, anywhere, offset) => {
          const range = parseRange(`${base}/${prefix}`)!;
          expect(range.family).toBe(6);
          const oracle = new BlockList();
          oracle.addSubnet(base, prefix, "ipv6");
          const near = addressKey({ family: 6, value: parseAddress(base)!.value ^ offset });
          for (const candidate of [anywhere, near]) {
            const parsed = parseAddress(candidate)!;
            if (parsed.family !== 6) continue;
            expect([candidate, inRange(parsed, range)]).toEqual([candidate, oracle.check(candidate, "ipv6")]);
          }
        },
      ),
      RUNS,
    );
  });

  it("a single address is a range of its own; IPv4 and IPv6 never match each other", () => {
    expect(inRange(parseAddress("10.1.2.3")!, parseRange("10.1.2.3")!)).toBe(true);
    expect(inRange(parseAddress("10.1.2.4")!, parseRange("10.1.2.3")!)).toBe(false);
    expect(inRange(parseAddress("::a01:203")!, parseRange("10.1.2.3")!)).toBe(false);
    expect(inRange(parseAddress("::ffff:10.1.2.3")!, parseRange("10.0.0.0/8")!)).toBe(true);
    expect(inRange(parseAddress("10.200.0.1")!, parseRange("::ffff:10.0.0.0/104")!)).toBe(true);
    expect(inRange(parseAddress("11.0.0.1")!, parseRange("::ffff:10.0.0.0/104")!)).toBe(false);
  });

  it("unreadable ranges are refused", () => {
    for (const text of [
      "10.0.0.0/33",
      "10.0.0.0/-1",
      "10.0.0.0/",
      "10.0.0.0/8/8",
      "::/129",
      "::/1a",
      "10.0.0.0/08x",
      "host/8",
      "/8",
      "10.0.0.0 /8",
    ]) {
      expect([text, parseRange(text)]).toEqual([text, undefined]);
    }
  });
});

describe("TRUST_PROXY", () => {
  it("unset or empty trusts no one", () => {
    expect(parseTrustProxy(undefined)).toBeUndefined();
    expect(parseTrustProxy("")).toBeUndefined();
    expect(parseTrustProxy(" , ")).toBeUndefined();
  });

  it("a list of addresses, ranges and `loopback`", () => {
    const trusted = parseTrustProxy(" loopback, 10.0.0.0/8 ,192.168.1.10, fd00::/8")!;
    for (const yes of ["127.0.0.1", "127.255.0.9", "::1", "::ffff:127.0.0.1", "10.9.8.7", "192.168.1.10", "fd12::34"])
      expect([yes, trusted.trusts(parseAddress(yes)!)]).toEqual([yes, true]);
    for (const no of ["128.0.0.1", "::2", "11.0.0.1", "192.168.1.11", "fe00::1", "::ffff:192.168.1.11"])
      expect([no, trusted.trusts(parseAddress(no)!)]).toEqual([no, false]);
  });

  it("an entry that is neither an address, a range nor `loopback` stops the start with its name", () => {
    expect(() => parseTrustProxy("10.0.0.0/8, nginx")).toThrow(
      "TRUST_PROXY: 'nginx' is not an IP address, a CIDR range or 'loopback'",
    );
    expect(() => parseTrustProxy("true")).toThrow(/'true'/);
    expect(() => parseTrustProxy("10.0.0.0/40")).toThrow(/'10.0.0.0\/40'/);
  });
});

describe("Forwarded (RFC 7239)", () => {
  it("for= values of every element, quoted or not, with ports and brackets, other parameters around them", () => {
    const header =
      'for=192.0.2.60;proto=http;by=203.0.113.43, For="[2001:db8:cafe::17]:4711", proto=https, for="198.51.100.17:8080";host="a,b"';
    expect(forwardedFor(header)).toEqual(["192.0.2.60", '"[2001:db8:cafe::17]:4711"', '"198.51.100.17:8080"']);
    expect(forwardedFor(header).map((v) => addressKey(forwardedAddress(v)!))).toEqual([
      "192.0.2.60",
      "2001:db8:cafe:0:0:0:0:17",
      "198.51.100.17",
    ]);
    expect(forwardedAddress("unknown")).toBeUndefined();
    expect(forwardedAddress("_hidden")).toBeUndefined();
  });

  it("any list of addresses written as Forwarded elements reads back in order", () => {
    const element = fc.tuple(
      fc.oneof(ipv4, ipv6),
      fc.boolean(),
      fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
      fc.boolean(),
    );
    fc.assert(
      fc.property(fc.array(element, { minLength: 1, maxLength: 6 }), (elements) => {
        const header = elements
          .map(([address, extra, port, quoted]) => {
            const v6 = address.includes(":");
            const node =
              v6 || port !== undefined
                ? `"${v6 ? `[${address}]` : address}${port !== undefined ? `:${port}` : ""}"`
                : quoted
                  ? `"${address}"`
                  : address;
            return extra ? `proto=https;for=${node};by=10.0.0.1` : `for=${node}`;
          })
          .join(", ");
        expect(forwardedFor(header).map((v) => forwardedAddress(v))).toEqual(
          elements.map(([address]) => parseAddress(address)),
        );
      }),
      RUNS,
    );
  });
});

describe("the client behind trusted proxies", () => {
  const trusted = parseTrustProxy("loopback, 10.0.0.0/8")!;

  it("without TRUST_PROXY, or from a socket that is not a trusted proxy, forwarding headers change nothing", () => {
    fc.assert(
      fc.property(
        fc.oneof(ipv4, ipv6),
        fc.option(fc.string(), { nil: undefined }),
        fc.option(fc.string(), { nil: undefined }),
        (socket, xff, forwarded) => {
          expect(clientAddress(socket, xff, forwarded, undefined)).toBe(socket);
          const parsed = parseAddress(socket)!;
          if (!trusted.trusts(parsed)) expect(clientAddress(socket, xff, forwarded, trusted)).toBe(socket);
        },
      ),
      RUNS,
    );
  });

  it("behind trusted proxies: the right-most forwarded address that is not trusted, whatever the client put left of it", () => {
    const untrusted = fc.oneof(ipv4, ipv6).filter((a) => !trusted.trusts(parseAddress(a)!));
    const proxy = fc.oneof(
      fc.constant("127.0.0.1"),
      fc.constant("::1"),
      fc.tuple(byte, byte, byte).map(([a, b, c]) => `10.${a}.${b}.${c}`),
    );
    fc.assert(
      fc.property(
        fc.array(fc.string(), { maxLength: 4 }),
        untrusted,
        fc.array(proxy, { maxLength: 3 }),
        proxy,
        (spoofed, client, proxies, socket) => {
          const chain = [...spoofed.map((s) => s.replace(/,/g, "")), client, ...proxies].join(", ");
          expect(clientAddress(socket, chain, undefined, trusted)).toBe(addressKey(parseAddress(client)!));
          // the same through Forwarded when there is no X-Forwarded-For
          const forwarded = [client, ...proxies].map((a) => (a.includes(":") ? `for="[${a}]"` : `for=${a}`)).join(", ");
          expect(clientAddress(socket, undefined, forwarded, trusted)).toBe(addressKey(parseAddress(client)!));
        },
      ),
      RUNS,
    );
  });

  it("every forwarded address a trusted proxy: the left-most; no forwarding header: the socket's own address", () => {
    expect(clientAddress("127.0.0.1", "10.1.1.1, 10.2.2.2", undefined, trusted)).toBe("10.1.1.1");
    expect(clientAddress("127.0.0.1", undefined, undefined, trusted)).toBe("127.0.0.1");
    expect(clientAddress("::ffff:127.0.0.1", " , ", undefined, trusted)).toBe("127.0.0.1");
    // X-Forwarded-For wins over Forwarded; an entry that is no address is the client the proxy named
    expect(clientAddress("127.0.0.1", "203.0.113.9", "for=198.51.100.1", trusted)).toBe("203.0.113.9");
    expect(clientAddress("127.0.0.1", "1.1.1.1, unknown", undefined, trusted)).toBe("forwarded:unknown");
    expect(clientAddress("127.0.0.1", "[2001:db8::1]:443, 10.0.0.2", undefined, trusted)).toBe("2001:db8:0:0:0:0:0:1");
    expect(clientAddress("127.0.0.1", "198.51.100.7:1234", undefined, trusted)).toBe("198.51.100.7");
  });
});

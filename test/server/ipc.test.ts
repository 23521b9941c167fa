import { describe, expect, it } from "vitest";
import { isMessage, Pending } from "../../server/ipc.js";

describe("server/ipc.ts: the primary's and workers' messages", () => {
  it("isMessage tells a message by its type, and nothing else is one", () => {
    expect(isMessage({ type: "shutdown" }, "shutdown")).toBe(true);
    expect(isMessage({ type: "site:ready" }, "shutdown")).toBe(false);
    for (const value of [null, undefined, "shutdown", 7, [], {}, { type: 1 }])
      expect(isMessage(value, "shutdown")).toBe(false);
  });

  it("Pending numbers requests from 1 and settles each once, with its own answer", () => {
    const pending = new Pending<string>();
    const got: string[] = [];
    const a = pending.open((v) => got.push(`a:${v}`));
    const b = pending.open((v) => got.push(`b:${v}`));
    expect([a, b]).toEqual([1, 2]);
    expect(pending.settle(b, "second")).toBe(true);
    expect(pending.settle(b, "again")).toBe(false); // a second answer is ignored
    expect(pending.settle(99, "nobody")).toBe(false); // so is one nobody asked for
    expect(pending.settle(a, "first")).toBe(true);
    expect(got).toEqual(["b:second", "a:first"]);
  });
});

/**
 * The v3 function's routing as docs/static-dataset.md shows it ("How the routing is switched on") is the function's
 * `config` as functions/v3.mts declares it (itself checked against the route table's functionConfigs() by
 * test/contract/routing.test.ts): each line of the snippet, `key: value,`, equals that key of the config, and the
 * snippet shows every routing key the config has (its rate limit is documented elsewhere).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { functionConfigs } from "../../contract/static.js";
import { config } from "../../functions/v3.mts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DOC = "docs/static-dataset.md";
const LEAD = "`functions/v3.mts` leaves the dataset paths to the rules:";
const ROUTING_KEYS = ["path", "excludedPath", "preferStatic"] as const;

/** The ```ts block right after the lead sentence, as key → value (each value is JSON: string arrays, booleans). */
function documentedConfig(): Record<string, unknown> {
  const text = readFileSync(join(ROOT, DOC), "utf8");
  const at = text.indexOf(LEAD);
  expect(at, `${DOC} introduces the snippet with: ${LEAD}`).toBeGreaterThanOrEqual(0);
  const block = /^```ts\n([\s\S]*?)^```$/m.exec(text.slice(at + LEAD.length));
  expect(block, `a ts block follows the lead in ${DOC}`).not.toBeNull();
  const entries = block![1]!
    .trim()
    .split("\n")
    .map((line) => {
      const m = /^(\w+): (.*),$/.exec(line.trim());
      expect(m, `a line of the snippet: ${line}`).not.toBeNull();
      return [m![1]!, JSON.parse(m![2]!)] as const;
    });
  return Object.fromEntries(entries);
}

describe(`${DOC}: the v3 function's routing as functions/v3.mts declares it`, () => {
  it("the snippet's keys are the config's routing keys, each with the config's value", () => {
    const documented = documentedConfig();
    const declared = Object.fromEntries(ROUTING_KEYS.filter((k) => config[k] !== undefined).map((k) => [k, config[k]]));
    expect(documented).toEqual(declared);
  });

  it("the config the snippet is compared with is the route table's (so the doc follows the table too)", () => {
    const table = functionConfigs().v3;
    for (const key of ROUTING_KEYS) expect(config[key], key).toEqual(table[key]);
    // the paths the dataset answers, due dates among them: what the snippet once left out
    expect(documentedConfig().excludedPath).toEqual(
      expect.arrayContaining(["/v3/due-dates", "/v3/due-dates/catalogue"]),
    );
  });
});

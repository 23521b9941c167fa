/**
 * The published contract (build/contract.ts, docs/contract.md#compatibility): the served OpenAPI document compared with
 * the stored one (contract/published/openapi.json) by Optic's breaking-changes rules (and the project's narrower-range
 * rule); then the same check shown to fail on copies broken on purpose and to pass on an additive one, so it can fail.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compareDocuments, PUBLISHED_FILE, publicDocument } from "../../build/contract.js";

type Json = Record<string, any>;

const served = (await publicDocument()) as Json;
const published = JSON.parse(readFileSync(PUBLISHED_FILE, "utf8")) as Json;

/** A copy of the served document changed by `change`. */
const changed = (change: (document: Json) => void): Json => {
  const copy = structuredClone(served);
  change(copy);
  return copy;
};

const CASES: [string, Json, boolean][] = [
  ["the served document against the published one", served, true],
  [
    "an additive change: a new optional parameter",
    changed((d) =>
      d.paths["/v3/holidays"].get.parameters.push({
        name: "lang",
        in: "query",
        required: false,
        schema: { type: "string" },
      }),
    ),
    true,
  ],
  [
    "a type change: the year an integer no more",
    changed((d) => (d.components.parameters.Year.schema = { type: "string", pattern: "^[0-9]{4}$" })),
    false,
  ],
  ["a removed enum value: a `bounds`", changed((d) => d.components.parameters.Bounds.schema.enum.pop()), false],
  [
    "a removed response property: a Day's isoWeek",
    changed((d) => {
      const day = d.components.schemas.Day;
      delete day.properties.isoWeek;
      day.required = day.required.filter((name: string) => name !== "isoWeek");
    }),
    false,
  ],
  [
    "a newly required parameter",
    changed((d) =>
      d.paths["/v3/holidays"].get.parameters.push({
        name: "lang",
        in: "query",
        required: true,
        schema: { type: "string" },
      }),
    ),
    false,
  ],
  [
    "a narrower range: fewer leave days",
    changed((d) => (d.components.parameters.LeaveDays.schema.maximum -= 1)),
    false,
  ],
  ["a removed path", changed((d) => delete d.paths["/v3/flag-days"]), false],
  ["a removed response status", changed((d) => delete d.paths["/v3/holidays"].get.responses["400"]), false],
];

describe("the published contract is kept (Optic's breaking-changes rules)", async () => {
  // one Optic run per case, side by side (each takes seconds)
  const verdicts = await Promise.all(CASES.map(([, document]) => compareDocuments(published, document)));

  it.each(CASES.map(([name, , compatible], i) => [name, compatible, i] as const))(
    "%s: compatible %s",
    (_name, compatible, i) => {
      expect(verdicts[i].compatible, verdicts[i].report).toBe(compatible);
      if (!compatible) expect(verdicts[i].report).toMatch(/This is a breaking change/);
    },
  );
}, 600_000);

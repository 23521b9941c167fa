// An Optic ruleset of the project's own (build/contract.ts): a parameter whose numeric range narrows is a breaking
// change, which Optic's breaking-changes standard does not check (it compares a parameter's type, not its bounds).
// A range is the schema's minimum/maximum, or those of its integer or number member of `anyOf`/`oneOf`.
const { OperationRule, Ruleset, RuleError } = require("@useoptic/rulesets-base");

const LOCATIONS = ["query", "path", "header", "cookie"];

/** The numeric range a parameter's schema allows: [low, high], or undefined when it has no number form. */
function rangeOf(schema) {
  if (!schema || typeof schema !== "object") return undefined;
  if (schema.type === "integer" || schema.type === "number") {
    const low = schema.exclusiveMinimum ?? schema.minimum ?? -Infinity;
    const high = schema.exclusiveMaximum ?? schema.maximum ?? Infinity;
    return [low, high];
  }
  const members = schema.anyOf ?? schema.oneOf;
  if (!Array.isArray(members)) return undefined;
  let range;
  for (const member of members) {
    const r = rangeOf(member);
    if (r) range = range ? [Math.min(range[0], r[0]), Math.max(range[1], r[1])] : r;
  }
  return range;
}

const rule = (location) =>
  new OperationRule({
    name: `prevent ${location} parameter range narrowing`,
    rule: (operation) => {
      const parameter = {
        query: operation.queryParameter,
        path: operation.pathParameter,
        header: operation.headerParameter,
        cookie: operation.cookieParameter,
      }[location];
      parameter.changed((before, after) => {
        const was = rangeOf(before.value.schema);
        const is = rangeOf(after.value.schema);
        if (was && is && (is[0] > was[0] || is[1] < was[1])) {
          throw new RuleError({
            message: `expected ${location} parameter '${after.value.name}' not to narrow its range (${was.join("..")} to ${is.join("..")}). This is a breaking change.`,
          });
        }
      });
    },
  });

// the shape Optic loads a local ruleset in (a CommonJS module is its default export)
module.exports = {
  name: "narrower-range",
  description: "A parameter's numeric range may widen, never narrow.",
  configSchema: {},
  rulesetConstructor: () => new Ruleset({ name: "narrower-range", rules: LOCATIONS.map(rule) }),
};

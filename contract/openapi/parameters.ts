/**
 * `components.parameters`: each declaration of contract/parameters.ts as an OpenAPI parameter (its prose, schema and
 * example there), with `required` and, for a required query parameter, what its absence answers (the argument reader's
 * answer, contract/arguments.ts).
 */

import { EXPLANATIONS } from "../explanations.js";
import { PARAMETERS, type ParameterKey } from "../parameters.js";
import { componentRef, type Json } from "./json.js";

export const PARAMETER_COMPONENTS: Json = Object.fromEntries(
  Object.values(PARAMETERS).map((parameter) => {
    const { name, in: location, required, description, openapi, schema } = parameter;
    const absent = required && location === "query" ? ` ${EXPLANATIONS.required(name)}` : "";
    const example = "example" in parameter ? { example: parameter.example } : {};
    return [
      parameter.component,
      { name, in: location, required, description: description + absent, ...openapi, schema, ...example },
    ];
  }),
);

/** The reference to a parameter's component, as an operation lists it. */
export const parameterRef = (key: ParameterKey) => componentRef("parameters", PARAMETERS[key].component);

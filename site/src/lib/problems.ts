/**
 * Problem documents in the page's language. The API speaks English (`title`, `detail`); a Swedish page
 * says the same in Swedish, chosen by the problem's `type` slug (the last segment of its URI) and, for a bad
 * parameter, by the parameter its detail names first, followed by what that parameter must be in the words its
 * declaration carries (contract/parameter-words.ts). Typed against the contract's slug table, so a slug added there
 * without a Swedish text here fails the site's typecheck.
 */

import { FIRST_YEAR, LAST_YEAR } from "swedish-calendar/core";
import { parameterWords } from "../../../contract/parameter-words.ts";
import type { ProblemSlug } from "../../../contract/problems.ts";
import type { Problem } from "./types.ts";

/** What each problem type means, in Swedish: a heading and a sentence. */
export const PROBLEM_TEXT_SV: Record<ProblemSlug, { title: string; text: string }> = {
  "invalid-parameter": { title: "Ogiltigt värde", text: "Ett av värdena i anropet godtogs inte." },
  "invalid-date": {
    title: "Ogiltigt datum",
    text: "Datumet har rätt form men finns inte (som 2023-02-29 eller månad 13).",
  },
  "invalid-year": {
    title: "Ogiltigt år",
    text: `Året måste vara ett fyrsiffrigt år från ${FIRST_YEAR} till ${LAST_YEAR}.`,
  },
  "not-found": {
    title: "Finns inte",
    text: "Det som efterfrågades finns inte: ingen sådan adress, eller ingen helgdag med den koden.",
  },
  "method-not-allowed": { title: "Metoden tillåts inte", text: "Adressen svarar bara på GET-anrop." },
  "not-acceptable": {
    title: "Formatet kan inte levereras",
    text: "Tjänsten kan inte svara i det format som begärdes.",
  },
  "request-timeout": { title: "Anropet tog för lång tid", text: "Anropet blev inte klart i tid. Försök igen." },
  gone: { title: "Borttaget", text: "Det här gränssnittet har tagits bort; använd v3-API:t." },
  "content-too-large": { title: "För stort anrop", text: "Anropets innehåll är större än tjänsten tar emot." },
  "uri-too-long": { title: "För lång adress", text: "Adressen är längre än tjänsten tar emot; välj färre värden." },
  "unsupported-media-type": { title: "Formatet stöds inte", text: "Tjänsten tar inte emot innehåll i det formatet." },
  "expectation-failed": {
    title: "Förväntan kan inte uppfyllas",
    text: "Tjänsten kan inte uppfylla anropets Expect-huvud.",
  },
  "rate-limited": {
    title: "För många anrop",
    text: "Tjänsten tar emot ett begränsat antal anrop per minut från varje adress.",
  },
  "request-header-fields-too-large": {
    title: "För stora HTTP-huvuden",
    text: "Anropets HTTP-huvuden är större än tjänsten tar emot.",
  },
  "internal-error": { title: "Fel i tjänsten", text: "Något gick fel i tjänsten. Försök igen senare." },
};

/** The slug of a problem's `type` URI (`…/problems/invalid-parameter` -> `invalid-parameter`). */
export function problemSlug(problem: Problem): string {
  return (
    problem.type
      .replace(/[?#].*$/, "")
      .split("/")
      .filter(Boolean)
      .pop() ?? ""
  );
}

/** The parameter a problem's detail names first ('days' must be …), if any. */
export function problemParameter(problem: Problem): string | undefined {
  return /'([A-Za-z][A-Za-z0-9]*)'/.exec(problem.detail ?? "")?.[1];
}

/** A problem document as Swedish words: its heading and a sentence or two. */
export function swedishProblem(problem: Problem): { title: string; text: string } {
  const known = PROBLEM_TEXT_SV[problemSlug(problem) as ProblemSlug];
  if (!known) return { title: `Fel ${problem.status}`, text: `Tjänsten svarade med felkod ${problem.status}.` };
  const parameter = problemParameter(problem);
  const hint = parameter !== undefined ? parameterWords(parameter)?.sv : undefined;
  return {
    title: known.title,
    text: hint && problemSlug(problem) !== "not-found" ? `${known.text} ${hint}` : known.text,
  };
}

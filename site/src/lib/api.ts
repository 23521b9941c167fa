/** Same-origin API calls with problem-document errors (docs/contract.md#errors). */

import { documentLang } from "./i18n.ts";
import { swedishProblem } from "./problems.ts";
import type { Problem } from "./types.ts";

/**
 * The client's own messages, in the page's language. Problem documents come from the API in English; a Swedish page
 * shows them in Swedish by their type (problems.ts), an English page as they are.
 */
const MESSAGES = {
  en: {
    retry: (seconds: string) => ` Try again in ${seconds} seconds.`,
    unreachable: "The service could not be reached. Check your connection and try again.",
    status: (status: number, text: string) => `The service answered ${status} ${text}.`,
    notJson: "The service answered with something other than JSON.",
  },
  sv: {
    retry: (seconds: string) => ` Försök igen om ${seconds} sekunder.`,
    unreachable: "Tjänsten gick inte att nå. Kontrollera anslutningen och försök igen.",
    status: (status: number, text: string) => `Tjänsten svarade ${status} ${text}.`,
    notJson: "Tjänsten svarade med något annat än JSON.",
  },
};

function messages(): (typeof MESSAGES)["en"] {
  return MESSAGES[documentLang()];
}

export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem | null;
  readonly url: string;
  readonly retryAfter: string | null;

  constructor(url: string, status: number, problem: Problem | null, retryAfter: string | null, fallback: string) {
    super(problem ? (problem.detail ?? problem.title) : fallback);
    this.name = "ApiError";
    this.url = url;
    this.status = status;
    this.problem = problem;
    this.retryAfter = retryAfter;
  }

  /**
   * A sentence for people in the page's language: on an English page the problem's detail (or title), on a Swedish
   * page its Swedish text; plus when to retry after a 429.
   */
  describe(): string {
    let text = this.problem ? this.problemText().text : this.message;
    if (this.status === 429 && this.retryAfter) text += messages().retry(this.retryAfter);
    return text;
  }

  /** The problem's heading and sentence in the page's language (null without a problem document). */
  problemText(): { title: string; text: string } {
    if (!this.problem) return { title: "", text: this.message };
    if (documentLang() === "sv") return swedishProblem(this.problem);
    return { title: this.problem.title, text: this.problem.detail ?? this.problem.title };
  }
}

function isProblem(value: unknown): value is Problem {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Problem).title === "string" &&
    typeof (value as Problem).status === "number"
  );
}

export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: "application/json" }, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(url, 0, null, null, messages().unreachable);
  }
  const type = response.headers.get("Content-Type") ?? "";
  const body: unknown = type.includes("json") ? await response.json().catch(() => null) : null;
  if (!response.ok) {
    throw new ApiError(
      url,
      response.status,
      isProblem(body) ? body : null,
      response.headers.get("Retry-After"),
      messages().status(response.status, response.statusText),
    );
  }
  if (body === null) throw new ApiError(url, response.status, null, null, messages().notJson);
  return body as T;
}

/** Builds a relative URL with repeatable parameters, e.g. `/v3/shift?date=...&add=1m&add=2b`. */
export function apiUrl(path: string, params: [string, string][]): string {
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * A typed client generated from the served OpenAPI document, as an integrator makes one: openapi-typescript writes the
 * types, openapi-fetch calls with them, tsc compiles the calls (an integer parameter takes a number, and a string
 * there is a type error), and the compiled client calls the v3 handler in process and gets 200 bodies.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { publicOpenApiDocument } from "../../http/openapi.js";
import { handleV3 } from "../../http/v3.js";
import { TEST_CONTEXT } from "./helpers.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
// inside node_modules, so that the compiled client finds openapi-fetch as an integrator's project does (and the test
// runner loads it as a dependency, natively)
const cache = join(ROOT, "node_modules", ".cache");
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, "generated-client-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CLIENT = `
import createClient from "openapi-fetch";
import type { paths } from "./schema.js";

export async function calls(fetch: (request: Request) => Promise<Response>) {
  const client = createClient<paths>({ baseUrl: "http://localhost", fetch });
  const holidays = await client.GET("/v3/holidays", { params: { query: { year: 2024 } } });
  const plan = await client.GET("/v3/leave-plan", { params: { query: { from: "2026-01-01", to: "2026-12-31", days: 5 } } });
  const due = await client.GET("/v3/due-dates", { params: { query: { year: 2026, day: 25, convention: "preceding" } } });
  const last = await client.GET("/v3/due-dates", { params: { query: { year: 2026, day: "last", convention: "following" } } });
  // the year is a number to the client: its text is a type error
  // @ts-expect-error Type 'string' is not assignable to type 'number'
  void client.GET("/v3/holidays", { params: { query: { year: "2024" } } });
  return {
    statuses: [holidays.response.status, plan.response.status, due.response.status, last.response.status],
    year: holidays.data?.year,
    firstHoliday: holidays.data?.days[0]?.date,
    used: plan.data?.used,
    dueDays: due.data?.dates.map((d) => d.nominal),
    lastDays: last.data?.dates.map((d) => d.nominal).slice(0, 2),
  };
}
`;

/** Runs a tool of node_modules/.bin in the temp folder: its exit code and output. */
function run(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(
      join(ROOT, "node_modules", ".bin", command),
      args,
      { cwd: dir, timeout: 300_000 },
      (error, stdout, stderr) => {
        done({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, output: `${stdout}\n${stderr}` });
      },
    );
  });
}

describe("a client generated from the served document (openapi-typescript + openapi-fetch)", () => {
  it("compiles with tsc and gets 200 bodies for integers sent as numbers", async () => {
    writeFileSync(join(dir, "openapi.json"), JSON.stringify(publicOpenApiDocument()));
    writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
    const generated = await run("openapi-typescript", ["openapi.json", "-o", "schema.d.ts"]);
    expect(generated.code, generated.output).toBe(0);
    writeFileSync(join(dir, "client.ts"), CLIENT);
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          skipLibCheck: true,
          types: [],
          lib: ["ES2022", "DOM"],
        },
        files: ["client.ts"],
      }),
    );
    const compiled = await run("tsc", ["-p", "tsconfig.json"]);
    expect(compiled.code, compiled.output).toBe(0);

    const { calls } = (await import(pathToFileURL(join(dir, "client.js")).href)) as {
      calls: (fetch: (request: Request) => Promise<Response>) => Promise<Record<string, unknown>>;
    };
    const answers = await calls((request) => handleV3(request, TEST_CONTEXT));
    expect(answers).toMatchObject({
      statuses: [200, 200, 200, 200],
      year: 2024,
      firstHoliday: "2024-01-01",
      used: 5,
    });
    expect((answers.dueDays as string[]).length).toBe(12);
    expect((answers.dueDays as string[])[0]).toBe("2026-01-25");
    expect(answers.lastDays).toEqual(["2026-01-31", "2026-02-28"]);
  }, 300_000);
});

/**
 * The operator's grants (`GRANTS_FILE`): access beyond open use is granted on request and nothing in a request carries
 * it (docs/contract.md#authentication), so the server reads who gets what from a file, at start and on SIGHUP. The
 * file's form and rules: docs/self-hosting.md#grants-more-than-open-use-for-named-clients. The table is
 * immutable and swapped whole, so a request sees either the old grants or the new.
 */

import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { type Static, Type } from "@sinclair/typebox";
import { Value, ValueErrorType } from "@sinclair/typebox/value";
import { RATE_LIMITS, type RateLimitGroupName } from "../contract/policies.js";
import type { Grant } from "../http/request-context.js";
import { isMessage } from "./ipc.js";
import type { Log } from "./log.js";
import { type AddressRange, inRange, parseAddress, parseRange } from "./proxy.js";

/** The environment variable naming the grants file. */
export const GRANTS_FILE_ENV = "GRANTS_FILE";
/** What a rate-limit group's grant without a limit says. */
export const UNLIMITED = "unlimited";
/** The largest limit a grant may give (a window's count, not a budget: larger is a typo). */
export const MAX_GRANTED_LIMIT = 1_000_000_000;
/** The longest note (it is shown in access lines). */
export const MAX_NOTE_CHARS = 200;

const RATE_LIMIT_GROUP_NAMES = Object.keys(RATE_LIMITS) as RateLimitGroupName[];
const GRANTED = Type.Union(
  [
    Type.Literal(UNLIMITED),
    Type.Object({ limit: Type.Integer({ minimum: 1, maximum: MAX_GRANTED_LIMIT }) }, { additionalProperties: false }),
  ],
  {
    description: `must be "${UNLIMITED}" or {"limit": a whole number}`,
  },
);
const GRANTS_SCHEMA = Type.Object(
  {
    grants: Type.Array(
      Type.Object(
        {
          clients: Type.Array(Type.String(), { minItems: 1 }),
          surfaces: Type.Object(
            Object.fromEntries(RATE_LIMIT_GROUP_NAMES.map((name) => [name, Type.Optional(GRANTED)])),
            {
              additionalProperties: false,
              minProperties: 1,
            },
          ),
          note: Type.Optional(Type.String({ maxLength: MAX_NOTE_CHARS })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
type GrantsFile = Static<typeof GRANTS_SCHEMA>;

/** A JSON pointer as a reader finds the place: `grants[0].surfaces.v3`. */
const placeOf = (pointer: string): string =>
  pointer
    .split("/")
    .slice(1)
    .map((part, i) =>
      /^\d+$/.test(part) ? `[${part}]` : `${i === 0 ? "" : "."}${part.replace(/~1/g, "/").replace(/~0/g, "~")}`,
    )
    .join("") || "the file";

/** The first problem of a parsed file's shape, in words naming its place; undefined when its shape is right. */
function shapeProblem(value: unknown): string | undefined {
  const first = Value.Errors(GRANTS_SCHEMA, value).First();
  if (!first) return undefined;
  const place = placeOf(first.path);
  if (first.type === ValueErrorType.ObjectAdditionalProperties || first.message === "Unexpected property") {
    const parent = first.path.slice(0, first.path.lastIndexOf("/"));
    const key = first.path.slice(first.path.lastIndexOf("/") + 1);
    if (parent.endsWith("/surfaces"))
      return `${place}: unknown surface "${key}" (the surfaces: ${RATE_LIMIT_GROUP_NAMES.join(", ")})`;
    return `${place}: unknown key "${key}"`;
  }
  if (first.type === ValueErrorType.Union) return `${place} ${first.schema.description ?? "has the wrong form"}`;
  return `${place}: ${first.message.charAt(0).toLowerCase()}${first.message.slice(1)}`;
}

/** The grants in force: immutable, replaced whole on a reload. */
export interface GrantTable {
  /** how many grants the file holds */
  readonly count: number;
  /** the grant of a client (the address the limiter counts) on a rate-limit group */
  of(rateLimitGroup: RateLimitGroupName, client: string): Grant | undefined;
  /** has the client any grant? */
  anyFor(client: string): boolean;
}

/** Clients whose grants are remembered (each a lookup of every range): bounded, forgotten whole when full. */
const MEMO_CLIENTS = 4096;

const NO_GRANTS: GrantTable = Object.freeze({ count: 0, of: () => undefined, anyFor: () => false });

/** The grants of a file's text; throws an Error whose message is the problem, naming its place. */
export function parseGrants(text: string): GrantTable {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`not JSON: ${(error as Error).message}`);
  }
  const problem = shapeProblem(value);
  if (problem) throw new Error(problem);
  const file = value as GrantsFile;
  const entries = file.grants.map((entry, i) => {
    const ranges: AddressRange[] = entry.clients.map((client, j) => {
      const range = parseRange(client.trim());
      if (!range)
        throw new Error(`grants[${i}].clients[${j}]: ${JSON.stringify(client)} is not an IP address or a CIDR range`);
      return range;
    });
    const label = entry.note ?? `#${i + 1}`;
    const byRateLimitGroup: Partial<Record<RateLimitGroupName, Grant>> = {};
    for (const rateLimitGroup of RATE_LIMIT_GROUP_NAMES) {
      const given = entry.surfaces[rateLimitGroup];
      if (given === undefined) continue;
      const own = RATE_LIMITS[rateLimitGroup] as { limit: number; windowSeconds: number; blockSeconds?: number };
      if (given !== UNLIMITED && given.limit < own.limit) {
        throw new Error(
          `grants[${i}].surfaces.${rateLimitGroup}.limit: ${given.limit} is below the surface's own limit (${own.limit} in ${own.windowSeconds} s)`,
        );
      }
      // the rate-limit group's window and block, a higher limit
      const rateLimit = given === UNLIMITED ? undefined : Object.freeze({ ...own, limit: given.limit });
      byRateLimitGroup[rateLimitGroup] = Object.freeze({ rateLimitGroup, rateLimit, label });
    }
    return { ranges, byRateLimitGroup };
  });
  if (entries.length === 0) return NO_GRANTS;
  const memo = new Map<string, Partial<Record<RateLimitGroupName, Grant>> | null>();
  const grantsOf = (client: string): Partial<Record<RateLimitGroupName, Grant>> | null => {
    let found = memo.get(client);
    if (found !== undefined) return found;
    const address = parseAddress(client);
    found = null;
    if (address) {
      for (const entry of entries) {
        if (!entry.ranges.some((range) => inRange(address, range))) continue;
        // the first grant naming the client and a rate-limit group gives it that rate-limit group
        found = { ...entry.byRateLimitGroup, ...(found ?? {}) };
      }
    }
    if (memo.size >= MEMO_CLIENTS) memo.clear();
    memo.set(client, found);
    return found;
  };
  return Object.freeze({
    count: entries.length,
    of: (rateLimitGroup: RateLimitGroupName, client: string) => grantsOf(client)?.[rateLimitGroup],
    anyFor: (client: string) => grantsOf(client) !== null,
  });
}

/** The grants of a file; throws an Error naming the variable, the file and the problem. */
export function readGrantsFile(path: string): GrantTable {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new Error(
      `${GRANTS_FILE_ENV} ${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  try {
    return parseGrants(text);
  } catch (error) {
    throw new Error(`${GRANTS_FILE_ENV} ${path}: ${(error as Error).message}`);
  }
}

/** The grants a server consults: those in force, replaced whole by a reload. */
export interface Grants {
  readonly path: string;
  /** the grant of a client on a rate-limit group under the grants in force */
  of(rateLimitGroup: RateLimitGroupName, client: string): Grant | undefined;
  anyFor(client: string): boolean;
  /** puts a file's text in force (the primary read it), or says why it keeps the grants in force */
  apply(text: string): { count: number } | { problem: string };
  /** reads the file again: in force, with one info line; or kept as they are, with one warn line saying why */
  reload(log: Log): Promise<void>;
}

/** The grants of GRANTS_FILE, read now (throws the problem, naming it: the start stops); undefined when it is unset. */
export function grantsOf(env: Record<string, string | undefined>): Grants | undefined {
  const path = env[GRANTS_FILE_ENV];
  if (path === undefined || path === "") return undefined;
  let table = readGrantsFile(path);
  // reloads may overlap (two SIGHUPs in a row): only the last one read is put in force
  let generation = 0;
  const apply = (text: string): { count: number } | { problem: string } => {
    try {
      table = parseGrants(text);
      return { count: table.count };
    } catch (error) {
      return { problem: (error as Error).message };
    }
  };
  return {
    path,
    of: (rateLimitGroup, client) => table.of(rateLimitGroup, client),
    anyFor: (client) => table.anyFor(client),
    apply,
    async reload(log) {
      const mine = ++generation;
      const read = await readGrantsText(path);
      if (mine !== generation) return;
      const result = "problem" in read ? read : apply(read.text);
      logReload(log, path, result);
    },
  };
}

/** A grants file's text, or why it cannot be read. */
async function readGrantsText(path: string): Promise<{ text: string } | { problem: string }> {
  try {
    return { text: await readFile(path, "utf8") };
  } catch (error) {
    return { problem: `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  }
}

function logReload(log: Log, path: string, result: { count: number } | { problem: string }): void {
  if ("problem" in result)
    log("warn", `SIGHUP: ${GRANTS_FILE_ENV} ${path}: ${result.problem}; the grants in force are kept`);
  else
    log(
      "info",
      `SIGHUP: ${GRANTS_FILE_ENV} ${path} read again: ${result.count} ${result.count === 1 ? "grant" : "grants"} in force`,
    );
}

// ---------------------------------------------------------------------------------------------------------------
// SIGHUP: one process, or a primary and its workers
// ---------------------------------------------------------------------------------------------------------------

/** The primary hands the text it read to its workers. */
interface GrantsMessage {
  type: "grants:apply";
  text: string;
}

/**
 * In the primary: on SIGHUP, the file read and checked once, its text handed to every worker (`workers()`), one line
 * said. Without GRANTS_FILE, SIGHUP does nothing (Node's default would end the process). Registered before the
 * workers are forked.
 */
export function reloadWorkersOnSighup(
  env: Record<string, string | undefined>,
  log: Log,
  workers: () => Iterable<{ isConnected(): boolean; send(message: unknown): unknown }>,
): void {
  const path = env[GRANTS_FILE_ENV] || undefined;
  let generation = 0;
  process.on("SIGHUP", () => {
    if (!path) return log("info", `SIGHUP: no ${GRANTS_FILE_ENV} set, nothing to read again`);
    const mine = ++generation;
    void readGrantsText(path).then((read) => {
      if (mine !== generation) return;
      let result: { count: number } | { problem: string };
      if ("problem" in read) result = read;
      else {
        try {
          result = { count: parseGrants(read.text).count };
        } catch (error) {
          result = { problem: (error as Error).message };
        }
      }
      if ("text" in read && "count" in result) {
        for (const worker of workers()) {
          try {
            if (worker.isConnected()) worker.send({ type: "grants:apply", text: read.text } satisfies GrantsMessage);
          } catch {
            // a worker going away reads the file when it is replaced
          }
        }
      }
      logReload(log, path, result);
    });
  });
}

/**
 * In one process serving: SIGHUP reads the grants file again. In a worker: the primary's text is put in force, and
 * a SIGHUP of its own (a terminal's hang-up reaches the whole process group) is left to the primary.
 */
export function reloadOnSighup(grantsNow: () => Grants | undefined, log: Log, inWorker: boolean): void {
  if (inWorker) {
    process.on("SIGHUP", () => {});
    process.on("message", (message: unknown) => {
      const grants = grantsNow();
      if (!isMessage<GrantsMessage>(message, "grants:apply") || !grants) return;
      const result = grants.apply(message.text);
      if ("problem" in result)
        log("warn", `${GRANTS_FILE_ENV} ${grants.path}: ${result.problem}; the grants in force are kept`);
    });
    return;
  }
  process.on("SIGHUP", () => {
    const grants = grantsNow();
    if (!grants) return log("info", `SIGHUP: no ${GRANTS_FILE_ENV} in use, nothing to read again`);
    void grants.reload(log);
  });
}

/**
 * The build's command lines (build/materialise.ts, build/routing.ts, build/bundle.ts): each reads its options with
 * node:util parseArgs (strict: an unknown option, a missing value or an argument of its own is refused) inside
 * `readCommandLine`, so a usage error is answered one way by all three: one line naming the command and what is
 * wrong, then the usage, and exit 2, with no stack.
 */

/** What `read` returns; on a usage error (whatever it throws) the error's line and `usage` on stderr, and exit 2. */
export function readCommandLine<T>(command: string, usage: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${command}: ${message.replace(/\s*\n\s*/g, " ")}\nusage: ${usage}\n`);
    process.exit(2);
  }
}

/**
 * Where the workers may each listen on the shared port (reusePort), and where they fall back to the cluster's handle.
 */
import { describe, expect, it } from "vitest";
import { reusePortAvailable } from "../../server/lifecycle.js";

describe("reusePort", () => {
  it.each([
    ["22.12.0", "linux", true],
    ["22.23.3", "linux", true],
    ["22.11.9", "linux", false],
    ["23.0.0", "linux", false],
    ["23.1.0", "linux", true],
    ["24.12.0", "linux", true],
    ["30.0.0", "freebsd", true],
    ["20.20.2", "linux", false],
    ["24.12.0", "darwin", false],
    ["24.12.0", "win32", false],
  ])("Node %s on %s: %s", (version, platform, available) =>
    expect(reusePortAvailable(version, platform)).toBe(available),
  );
});

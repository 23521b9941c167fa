/** Swagger UI as the API page loads it: what the browser tests do in it. */
import type { Locator } from "playwright-core";

/**
 * In an operation's block with "Try it out" pressed: fills in `date`, sends the request and returns the status Swagger
 * UI shows for its answer.
 */
export async function tryWithDate(block: Locator, date: string): Promise<string> {
  await block.locator('tr[data-param-name="date"] input').fill(date);
  await block.locator("button.execute").click();
  const status = block.locator(".live-responses-table tbody .response-col_status").first();
  await status.waitFor();
  return (await status.textContent())!.trim();
}

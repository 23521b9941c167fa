/**
 * The feed's iCalendar text at the level of lines (RFC 5545): its fixed PRODID and refresh interval, folding a content
 * line at 75 octets, and turning a calendar the `ics` package wrote into the feed's form. Internal to the package:
 * the feed's writer (feed.ts) uses them, and `swedish-calendar/core` lists them for the cross-check against the `ics`
 * package (test/feed/ics-cross-check.test.ts). Trusting: the arguments are strings.
 */
export const FEED_PRODUCT_ID = "-//Swedish Calendar Service//Svenska helgdagar//SV";
/** How often subscribers should refresh (X-PUBLISHED-TTL, REFRESH-INTERVAL); matches the six-hour Cache-Control. */
export const FEED_REFRESH = "PT6H";

/**
 * Turns a calendar as the `ics` package writes it into this feed's form: the six-hour refresh hints after
 * X-WR-CALNAME (`ics` hard-codes X-PUBLISHED-TTL:PT1H and knows no REFRESH-INTERVAL), every line refolded at 75
 * octets (`ics` counts characters, and Swedish names hold two-octet letters). buildFeed writes the feed's form
 * itself; this stays for the cross-check, which has the `ics` package write the same events.
 */
export function withCalendarProperties(ics: string): string {
  const lines = ics.replace(/\r\n[\t ]/g, "").split("\r\n");
  const ttl = lines.indexOf("X-PUBLISHED-TTL:PT1H");
  if (ttl < 0) throw new Error("unexpected iCalendar header from the ics package: X-PUBLISHED-TTL not found");
  lines.splice(ttl, 1, `X-PUBLISHED-TTL:${FEED_REFRESH}`, `REFRESH-INTERVAL;VALUE=DURATION:${FEED_REFRESH}`);
  return lines.map(foldLine).join("\r\n");
}

const NON_ASCII = /[^\x00-\x7f]/g;

/**
 * Folds one content line into pieces of at most 75 octets (continuations start with a space), never inside a
 * character (RFC 5545 s. 3.1). The octets are UTF-8's, counted from the UTF-16 code units without encoding the line.
 */
export function foldLine(line: string): string {
  // Most lines fit, and this runs for every line of a feed on a cold start, where a loop over characters is
  // interpreted: a line fits when its units, counted with up to two more octets for each non-ASCII unit (no unit
  // is more than three octets), are 75 at most, which native regular expressions can tell.
  if (line.length <= 25) return line;
  if (line.length <= 75 && line.length + 2 * (line.match(NON_ASCII)?.length ?? 0) <= 75) return line;
  const pieces: string[] = [];
  let start = 0;
  let octets = 0;
  let limit = 75;
  for (let i = 0; i < line.length; ) {
    const c = line.charCodeAt(i);
    let size = 1;
    let units = 1;
    if (c >= 0x800) {
      if (c >= 0xd800 && c <= 0xdbff && (line.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        size = 4;
        units = 2;
      } else size = 3; // a lone surrogate is encoded as U+FFFD, three octets
    } else if (c >= 0x80) size = 2;
    if (octets + size > limit) {
      pieces.push(line.slice(start, i));
      start = i;
      octets = 0;
      limit = 74; // the leading space of a continuation line counts
    }
    octets += size;
    i += units;
  }
  if (start === 0) return line;
  pieces.push(line.slice(start));
  return pieces.join("\r\n ");
}

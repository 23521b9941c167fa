import ICAL from "ical.js";

export interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  date: string;
  isDate: boolean;
  /** the end as a client reads it (RFC 5545: a DATE start without DTEND or DURATION lasts one day) */
  end: string;
  /** whether the event writes DTEND or DURATION itself */
  explicitEnd: boolean;
  transp: string;
  /** X-MICROSOFT-CDO-BUSYSTATUS, the busy status Outlook reads */
  busyStatus: string;
  categories: string[];
  dtstamp: string;
  /** SEQUENCE, when the event has one (a data correction touched it) */
  sequence: number | null;
  /** LAST-MODIFIED as ical.js reads it (e.g. 2026-11-22T00:00:00Z), when the event has one */
  lastModified: string | null;
}

export interface ParsedCalendar {
  name: string;
  publishedTtl: string | null;
  refreshInterval: string | null;
  events: ParsedEvent[];
}

/** Parses iCalendar text with ical.js (an independent parser, not the package that wrote it). */
export function parseCalendar(text: string): ParsedCalendar {
  const vcalendar = new ICAL.Component(ICAL.parse(text));
  const events = vcalendar.getAllSubcomponents("vevent").map((c): ParsedEvent => {
    const start = c.getFirstPropertyValue("dtstart") as ICAL.Time;
    return {
      uid: String(c.getFirstPropertyValue("uid")),
      summary: String(c.getFirstPropertyValue("summary")),
      description: String(c.getFirstPropertyValue("description")),
      date: start.toString(),
      isDate: start.isDate,
      end: new ICAL.Event(c).endDate.toString(),
      explicitEnd: c.hasProperty("dtend") || c.hasProperty("duration"),
      transp: String(c.getFirstPropertyValue("transp")),
      busyStatus: String(c.getFirstPropertyValue("x-microsoft-cdo-busystatus")),
      categories: c.getAllProperties("categories").flatMap((p) => p.getValues().map(String)),
      dtstamp: String(c.getFirstPropertyValue("dtstamp")),
      sequence: c.hasProperty("sequence") ? Number(c.getFirstPropertyValue("sequence")) : null,
      lastModified: c.hasProperty("last-modified") ? String(c.getFirstPropertyValue("last-modified")) : null,
    };
  });
  const refresh = vcalendar.getFirstProperty("refresh-interval");
  return {
    name: String(vcalendar.getFirstPropertyValue("x-wr-calname")),
    publishedTtl: (vcalendar.getFirstPropertyValue("x-published-ttl") as string | null) ?? null,
    refreshInterval: refresh ? String(refresh.getFirstValue()) : null,
    events,
  };
}

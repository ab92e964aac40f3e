/**
 * A small RFC 5545 (iCalendar) writer: one VCALENDAR with VEVENTs, times in UTC. Enough for the
 * booking confirmation's attachment and the public schedule feed, without a dependency (the `ics`
 * package brings yup, nanoid and runes2 for the same few lines).
 *
 * - content lines end with CRLF (§3.1) and are folded at 75 octets, never inside a UTF-8 sequence,
 *   continuation lines starting with one space;
 * - TEXT values escape backslash, semicolon, comma and newlines (§3.3.11);
 * - DATE-TIME values are UTC, `YYYYMMDDTHHMMSSZ` (§3.3.5, form #2);
 * - every VEVENT has UID, DTSTAMP and DTSTART (§3.6.1).
 */

export type CalendarEvent = {
  /** Globally unique and stable for the same event: `booking-<id>@<host>`. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  status?: "CONFIRMED" | "TENTATIVE" | "CANCELLED";
  /** Bumped with each revision of the same UID. */
  sequence?: number;
};

export type Calendar = {
  events: CalendarEvent[];
  /** PRODID: who made the file. */
  productId?: string;
  /**
   * `PUBLISH` for a file to import; `REQUEST` updates an event the recipient already has (same UID,
   * higher SEQUENCE); `CANCEL` withdraws events by UID.
   */
  method?: "PUBLISH" | "REQUEST" | "CANCEL";
  /** X-WR-CALNAME, shown by calendar apps for subscribed feeds. */
  name?: string;
  /** DTSTAMP: when the file was made. */
  now?: Date;
};

export const DEFAULT_PRODUCT_ID = "-//Studio Booking//Bookings//EN";
const MAX_OCTETS = 75;

/** `20261124T170000Z`: UTC, seconds precision. */
export function formatUtcDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

/** Escapes a TEXT value: `\` `;` `,` and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Folds one content line into physical lines of at most 75 octets (the first) and 1 + 74 octets (each
 * continuation, which starts with a space), splitting between characters, never inside one.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let currentOctets = 0;
  for (const character of line) {
    const octets = Buffer.byteLength(character, "utf8"); // a lone surrogate is written as U+FFFD: 3
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (currentOctets + octets > limit) {
      parts.push(current);
      current = "";
      currentOctets = 0;
    }
    current += character;
    currentOctets += octets;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function property(name: string, value: string): string {
  return foldLine(`${name}:${value}`);
}

function eventLines(event: CalendarEvent, stamp: string): string[] {
  const lines = [
    "BEGIN:VEVENT",
    property("UID", escapeText(event.uid)),
    property("DTSTAMP", stamp),
    property("DTSTART", formatUtcDateTime(event.start)),
    property("DTEND", formatUtcDateTime(event.end)),
    property("SUMMARY", escapeText(event.summary)),
  ];
  if (event.description) lines.push(property("DESCRIPTION", escapeText(event.description)));
  if (event.location) lines.push(property("LOCATION", escapeText(event.location)));
  if (event.url) lines.push(property("URL", event.url)); // a URI value: not TEXT, not escaped
  if (event.status) lines.push(property("STATUS", event.status));
  lines.push(property("SEQUENCE", String(event.sequence ?? 0)), "END:VEVENT");
  return lines;
}

/** The whole `text/calendar` document, CRLF line endings, ending in CRLF. */
export function buildCalendar(calendar: Calendar): string {
  const stamp = formatUtcDateTime(calendar.now ?? new Date());
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    property("PRODID", calendar.productId ?? DEFAULT_PRODUCT_ID),
    "CALSCALE:GREGORIAN",
    `METHOD:${calendar.method ?? "PUBLISH"}`,
  ];
  if (calendar.name) lines.push(property("X-WR-CALNAME", escapeText(calendar.name)));
  for (const event of calendar.events) lines.push(...eventLines(event, stamp));
  lines.push("END:VCALENDAR");
  return `${lines.join("\r\n")}\r\n`;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** Wall-clock parts of an instant in a time zone (formatters are costly: one per zone). */
function wallClock(at: Date, timeZone: string): Record<string, string> {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
}

/** The calendar date at a time zone, `YYYY-MM-DD`. */
export function localDate(at: Date, timeZone: string): string {
  const parts = wallClock(at, timeZone);
  return `${parts.year ?? ''}-${parts.month ?? ''}-${parts.day ?? ''}`;
}

function offsetMs(at: Date, timeZone: string): number {
  const parts = wallClock(at, timeZone);
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant of a local time (`YYYY-MM-DDTHH:mm[:ss]`, no offset) in an IANA time zone. */
export function zonedTimeToInstant(local: string, timeZone: string): Date {
  const naive = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  // Two passes settle the offset on either side of a daylight-saving change.
  let guess = naive - offsetMs(new Date(naive), timeZone);
  guess = naive - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

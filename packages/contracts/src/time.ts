/**
 * A wall-clock time at a place (`YYYY-MM-DDTHH:mm[:ss]`, as airlines write departures) as an
 * instant (epoch ms), through the runtime's time-zone database. Twice round, so a time just after
 * a clock change lands on the right side of it.
 */
export function localTimeToInstant(local: string, timeZone: string): number {
  const wanted = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  if (Number.isNaN(wanted)) return Number.NaN;
  let instant = wanted;
  for (let round = 0; round < 2; round += 1) instant = wanted - offsetAt(instant, timeZone);
  return instant;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** Wall-clock parts of an instant in a time zone (formatters are costly: one per zone). */
function wallClock(
  instant: number,
  timeZone: string,
): (type: Intl.DateTimeFormatPartTypes) => string {
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
  const parts = format.formatToParts(new Date(instant));
  return (type) => parts.find((part) => part.type === type)?.value ?? '';
}

/** How far a time zone's clocks are ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const get = wallClock(instant, timeZone);
  const shown = Date.UTC(
    Number(get('year')),
    Number(get('month')) - 1,
    Number(get('day')),
    Number(get('hour')),
    Number(get('minute')),
    Number(get('second')),
  );
  return shown - Math.floor(instant / 1000) * 1000;
}

/** The calendar date (`YYYY-MM-DD`) where a time zone's clocks are at an instant. */
export function localDate(at: Date, timeZone: string): string {
  const get = wallClock(at.getTime(), timeZone);
  return `${get('year')}-${get('month')}-${get('day')}`;
}

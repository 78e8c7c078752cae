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

/** How far a time zone's clocks are ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
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
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  const shown = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return shown - Math.floor(instant / 1000) * 1000;
}

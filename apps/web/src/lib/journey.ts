import type { Place } from '@contrail/contracts/offers';

export {
  journeyKind,
  journeyKindLabels,
  sliceLabel,
  type JourneyKind,
} from '@contrail/contracts/journey';

type Named = Pick<Place, 'iata_code' | 'city_name'>;

/** The places of a trip in the order flown, in runs: a slice from elsewhere starts a new run. */
function runs(
  slices: readonly { origin: Named; destination: Named }[],
  name: (place: Named) => string,
): string[][] {
  const found: string[][] = [];
  for (const slice of slices) {
    const run = found.at(-1);
    if (run?.at(-1) === name(slice.origin)) run.push(name(slice.destination));
    else found.push([name(slice.origin), name(slice.destination)]);
  }
  return found;
}

/**
 * The cities of a trip in the order flown: 'London → Paris → Rome → London'. A slice that leaves
 * from another city than the last one reached starts a new run ('London → Paris, Rome → London').
 */
export function journeyCities(slices: readonly { origin: Named; destination: Named }[]): string {
  return runs(slices, (place) => place.city_name)
    .map((run) => run.join(' → '))
    .join(', ');
}

/** The airports of a trip in the order flown: 'LHR – CDG – FCO – LHR'. */
export function journeyAirports(slices: readonly { origin: Named; destination: Named }[]): string {
  return runs(slices, (place) => place.iata_code)
    .map((run) => run.join(' – '))
    .join(', ');
}

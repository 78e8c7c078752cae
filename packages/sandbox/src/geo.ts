/** Great-circle geometry and block times. */

const earthRadiusKm = 6371.0088;

function toRadians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

/** Great-circle distance in whole kilometres (haversine). */
export function greatCircleKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = toRadians(lat2 - lat1);
  const dLon = toRadians(lon2 - lon1);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(a))));
}

/**
 * How much the prevailing westerlies change a flight's time, in basis points of still-air time:
 * about 8% faster flying east, 8% slower flying west, nothing flying north–south. Rounded so the
 * schedule never depends on the last bit of a floating-point result.
 */
export function windBasisPoints(lat1: number, lon1: number, lat2: number, lon2: number): number {
  let dLon = lon2 - lon1;
  if (dLon > 180) dLon -= 360;
  if (dLon < -180) dLon += 360;
  // Longitude degrees shrink towards the poles; weigh them by the mean latitude.
  const eastward = dLon * Math.cos(toRadians((lat1 + lat2) / 2));
  const northward = lat2 - lat1;
  const share = eastward / Math.max(1, Math.abs(eastward) + Math.abs(northward));
  return 10_000 - Math.round(800 * share);
}

/** Taxi, climb and approach: the part of a flight that does not depend on distance. */
const fixedMinutes = 45;

/**
 * Scheduled block time in minutes, a multiple of 5: fixed minutes plus distance at the aircraft's
 * cruise speed, corrected for wind. Integer arithmetic only, so every process agrees.
 */
export function blockMinutes(distanceKm: number, cruiseKmh: number, windBp: number): number {
  const airborne = Math.round((distanceKm * 60 * windBp) / (cruiseKmh * 10_000));
  const total = fixedMinutes + airborne;
  return Math.max(30, Math.round(total / 5) * 5);
}

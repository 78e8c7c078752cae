/**
 * Airline logo marks drawn as small SVGs, since the sandbox ships no logo files: a rounded tile
 * in the airline's colour with a tail-fin motif in its accent colour and the IATA code.
 */
import { hashString } from './hash';

const motifs = [
  // Swept tail fin.
  (accent: string) => `<path d="M22 50 40 12h11L36 50z" fill="${accent}"/>`,
  // Two speed stripes.
  (accent: string) =>
    `<path d="M10 40 54 22v7L10 47z" fill="${accent}"/><path d="M10 50 54 32v5L10 55z" fill="${accent}" opacity=".6"/>`,
  // Rising sun disc.
  (accent: string) => `<circle cx="44" cy="22" r="11" fill="${accent}"/>`,
  // Chevron.
  (accent: string) => `<path d="M14 20h12l14 16-14 16H14l14-16z" fill="${accent}"/>`,
] as const;

/** The raw SVG document of an airline's mark. */
export function airlineLogoSvg(iataCode: string, colour: string, accent: string): string {
  const motif = motifs[hashString(iataCode) % motifs.length] ?? motifs[0];
  // White text needs a dark stroke to stay legible where it crosses a light accent.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="${iataCode}">` +
    `<rect width="64" height="64" rx="14" fill="${colour}"/>${motif(accent)}` +
    `<text x="32" y="58" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" ` +
    `font-size="15" font-weight="700" fill="#fff" stroke="${colour}" stroke-width=".6">` +
    `${iataCode}</text></svg>`
  );
}

/**
 * The mark as a `data:image/svg+xml,` URL, usable directly as an image source. Only the
 * characters a URL cannot carry are escaped (not every one encodeURIComponent would): the URL
 * repeats in every segment of every offer, so a third shorter matters.
 */
export function airlineLogoDataUrl(iataCode: string, colour: string, accent: string): string {
  const svg = airlineLogoSvg(iataCode, colour, accent).replaceAll('"', "'");
  return `data:image/svg+xml,${svg.replace(/[%#<>{}|\\^`\s]/g, (c) => encodeURIComponent(c))}`;
}

import { createMemoryStore } from '@contrail/sandbox/memory-store';
import { createSandboxSupplier } from '../src/providers/flights/sandbox/sandbox-supplier';
import { searchAnswerJson } from '../src/modules/flights/search-answer';
import { expandSearchResults, searchResultsSchema } from '@contrail/contracts/search-results';
import { groupItineraries } from '../../web/src/features/flight-search/lib/itineraries';
import { newSearch } from './support';
const instant = Date.now();
const supplier = createSandboxSupplier({ store: createMemoryStore(), clock: () => new Date(instant), secret: 'x'.repeat(40) });
const jsons: string[] = [];
for (let i = 0; i < 40; i++) {
  const s = newSearch(i);
  const r = { slices: [{ origin: s.origin, destination: s.destination, departureDate: s.departureDate }, { origin: s.destination, destination: s.origin, departureDate: s.returnDate }], passengers: [{ type: 'adult' as const }], cabinClass: 'economy' as const, currency: 'USD' };
  jsons.push(searchAnswerJson(await supplier.search(r as never), { at: instant, markupPercent: '5', currency: 'USD' }));
}
let tp = 0, tz = 0, te = 0, tg = 0;
for (let round = 0; round < 10; round++) for (const j of jsons) {
  const a = performance.now(); const raw = JSON.parse(j); const b = performance.now();
  const parsed = searchResultsSchema.parse(raw); const c = performance.now();
  const offers = expandSearchResults(parsed); const d = performance.now();
  groupItineraries(offers); const e = performance.now();
  if (round >= 2) { tp += b - a; tz += c - b; te += d - c; tg += e - d; }
}
const n = 8 * jsons.length;
console.log({ jsonParse: (tp / n).toFixed(2), zod: (tz / n).toFixed(2), expand: (te / n).toFixed(2), group: (tg / n).toFixed(2) });

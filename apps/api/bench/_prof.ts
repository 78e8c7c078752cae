import { createMemoryStore } from '@contrail/sandbox/memory-store';
import { createSandboxSupplier } from '../src/providers/flights/sandbox/sandbox-supplier';
import { searchAnswerJson } from '../src/modules/flights/search-answer';
import { compressNow } from '../src/lib/json-answer';
import { newSearch } from './support';

let instant = Date.now();
const supplier = createSandboxSupplier({ store: createMemoryStore(), clock: () => new Date(instant), secret: 'x'.repeat(40) });
const enc = new TextEncoder();
function req(n: number) {
  const s = newSearch(n);
  return {
    slices: [
      { origin: s.origin, destination: s.destination, departureDate: s.departureDate },
      { origin: s.destination, destination: s.origin, departureDate: s.returnDate },
    ],
    passengers: [{ type: 'adult' as const }],
    cabinClass: 'economy' as const,
    currency: 'USD',
  };
}
const N = Number(process.env.N ?? 1500);
let cpu0 = process.cpuUsage();
let tSearch = 0, tJson = 0, tBr = 0, bytes = 0, offers = 0;
for (let i = 0; i < N; i++) {
  const r = req(i);
  const a = performance.now();
  const result = await supplier.search(r as never);
  const b = performance.now();
  const json = enc.encode(searchAnswerJson(result, { at: instant, markupPercent: '5', currency: 'USD' }));
  const c = performance.now();
  compressNow('br', json, json.byteLength);
  const d = performance.now();
  if (i === 199) cpu0 = process.cpuUsage();
  if (i >= 200) { tSearch += b - a; tJson += c - b; tBr += d - c; bytes += json.byteLength; offers += result.offers.length; }
}
const M = N - 200;
const cpu = process.cpuUsage(cpu0);
console.log({ cpuMs: ((cpu.user + cpu.system) / 1000 / (N - 200)).toFixed(2), search: (tSearch / M).toFixed(2), json: (tJson / M).toFixed(2), br: (tBr / M).toFixed(2), kb: (bytes / M / 1024).toFixed(1), offers: (offers / M).toFixed(0) });

/**
 * Generates `src/data/airports.ts`, the sandbox's curated airport list.
 *
 * Source: `@williamkapke/airports` 1.0.0 (MIT licence, © William Kapke,
 * https://github.com/williamkapke/airports), a JSON list of 28,811 airports and strips with ICAO
 * and IATA codes, names, cities, ISO country codes, coordinates and IANA time zones (from
 * TimeZoneDB). The list is old and has gaps, so this script:
 *
 * - keeps only entries with a three-letter IATA code and a time zone the runtime knows;
 * - gives each airport a size tier: tier 1 and tier 2 are curated lists below, tier 3 is every
 *   other airport named "International" (minus military fields, heliports and airparks) plus a
 *   curated list of airports with scheduled service whose name lacks the word;
 * - resolves duplicated IATA codes, drops closed airports, and corrects or adds the few
 *   airports the list gets wrong (Johannesburg, Istanbul, Berlin) with their published
 *   coordinates;
 * - groups airports into IATA metropolitan areas (LON, NYC, PAR, …) so a city search finds
 *   every airport of the city.
 *
 * Run with `npx tsx packages/sandbox/scripts/build-airports.ts` from the repository root. The
 * output is committed so the network does not change when the npm package does.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

interface SourceAirport {
  icao: string;
  iata: string;
  name: string;
  city: string;
  country: string;
  lat: number;
  lon: number;
  tz: string;
}

const tier1 = `LHR LGW CDG AMS FRA MUC MAD BCN FCO ZRH IST DXB DOH AUH JFK EWR LAX SFO ORD ATL DFW
DEN SEA MIA IAH BOS IAD YYZ YVR YUL MEX GRU BOG LIM SCL EZE PTY HND NRT ICN PEK PVG CAN HKG TPE SIN
BKK KUL CGK MNL DEL BOM SYD MEL AKL JNB CAI ADD NBO CPH ARN OSL HEL VIE DUB LIS BRU KIX PHX CLT MSP
DTW PHL LAS MCO BNE BLR KEF WAW`;

const tier2 = `MAN STN LTN LCY EDI GLA BHX BRS NCL LPL BFS ABZ SNN ORK EMA LBA ORY NCE LYS MRS TLS BOD
NTE BSL BER DUS HAM STR CGN HAJ NUE LEJ EIN CRL GVA SZG INN MXP LIN BGY VCE NAP CTA PMO BLQ FLR PSA
CAG BRI TRN OLB PMI AGP ALC VLC SVQ BIO IBZ TFS LPA ACE FUE TFN MAH SCQ OPO FAO FNC PDL ATH SKG HER
RHO CFU JTR JMK CHQ GOT BGO TRD SVG TOS BLL AAL TLL RIX VNO KRK GDN WRO KTW PRG BUD OTP SOF BEG ZAG
SPU DBV LJU SVO DME LED SAW AYT ESB ADB DLM BJV AMM BEY TLV RUH JED DMM MCT BAH KWI SHJ CMN RAK ALG
TUN LOS ABV ACC DKR CPT DUR DAR ZNZ JRO EBB KGL LAD MRU SEZ HRG SSH ABJ HRE WDH MAA CCU HYD COK AMD
PNQ CMB MLE DAC KTM KHI LHE ISB HKT CNX DMK SGN HAN DAD PNH RGN DPS SUB CEB BKI PEN ITM NGO CTS FUK
OKA GMP PUS CJU CTU SZX XIY KMG CKG HGH XMN WUH NKG TAO CSX SHA TSN MFM KHH PER ADL CBR OOL CNS HBA
DRW WLG CHC ZQN NAN PPT NOU POM GUM HNL OGG KOA LIH LGA DCA BWI MDW DAL HOU AUS SAT MSY TPA FLL RSW
JAX PBI RDU BNA STL MCI CLE CMH IND CVG PIT SLC PDX SAN SJC OAK SMF SNA BUR ONT ABQ TUS ANC OMA MKE
BDL PVD BUF RIC ORF SAV CHS MEM SDF OKC TUL ELP BOI RNO GEG YYC YEG YOW YHZ YWG YQB YTZ SJU CUN GDL
MTY TIJ SJD PVR NAS MBJ KIN PUJ SDQ HAV AUA CUR BGI POS SXM SJO LIR SAL GUA MDE CTG CLO UIO GYE CCS
VVI LPB CUZ ASU MVD AEP COR MDZ BRC GIG SDU CGH BSB CNF SSA REC FOR POA CWB FLN VCP BEL MAO NAT`;

/** Airports with scheduled service whose names lack "International". */
const tier3Extra = `SEN BOH EXT NQY NWI INV CWL SOU DSA HUY JER GCI IOM KOI LSI KIR DUB CFN BVA MPL BIQ PUF
LRH BES RNS TUF CFE PGF CLY AJA BIA FSC LIL ETZ SXB DTM FMO PAD DRS ERF FKB FDH BRE GRZ KLU LNZ BRN
SIR LUG TRS VRN GOA BDS SUF REG PSR AOI TSF RMI AHO CIA TPS PMF LEI REU GRO SDR XRY OVD VGO LCG MJV
ZAZ VDE PXO HOR SMA TER FLW EFL KGS KVA CHQ JSI ZTH PVK SMI MLO AXD KLX PAS LXS SKP
TIA PRN TGD TIV KSC BTS POZ SZZ RZE BZG KIV IAS CLJ TSR SBZ BCM VAR BOJ PDV RJK
ZAD PUY OSI TZL SJJ OMO TKU TMP OUL RVN KTT IVL KAJ KUO VAA JYV UME LLA KRN VBY MMX LPI NRK VXO BMA
KSD ORB HAU KRS AES MOL BOO EVE ALF HFT BDU LKN SOG FDE BNN MQN SSJ RRS HOV TRF RYG HAD AAR BLL EBJ
KRP RNN SGD FAE GOH SFJ JAV UAK ILU LYR NYO VST BGO`;

/** Duplicated IATA codes in the source: the ICAO code of the real airport. */
const preferredIcao: Record<string, string> = {
  SEA: 'KSEA',
  LIM: 'SPIM',
  DOH: 'OTHH',
  LUN: 'FLKK',
  WWI: 'EPMO',
  PDG: 'WIPT',
  LSE: 'KLSE',
  BFT: 'KARW',
  SIP: 'UKFF',
  CEE: 'ULWC',
  MCU: 'LFLT',
  BLB: 'MPPA',
  UCN: 'GLBU',
  YAX: 'CYAX',
  MJF: 'ENMS',
  NST: 'VTSF',
  KSQ: 'UTSK',
  APS: 'SWNS',
  ITB: 'SBIH',
  OBI: 'SNTI',
  CPO: 'SCAT',
  ARS: 'SWEC',
  MCJ: 'SKMJ',
  PIV: 'SNPX',
  SFK: 'SNSW',
  SYC: 'SPSY',
  DDU: 'OPDD',
  MPD: 'OPMP',
  TNO: 'MRTM',
  BJW: 'WATB',
};

/** Closed to scheduled traffic (replaced by another airport, or shut). */
// Ukrainian airports have been closed to civil traffic since February 2022.
const closed = new Set([
  'TXL',
  'SXF',
  'THF',
  'KBP',
  'IEV',
  'ODS',
  'LWO',
  'HRK',
  'DNK',
  'OZH',
  'VIN',
  'IFO',
  'CWC',
  'UDJ',
  'SIP',
]);
const closedIcao = new Set(['OTBD', 'EDDT', 'EDDB', 'LTBA']);

/** Where the source is wrong or missing: published names and coordinates. */
const replacements: SourceAirport[] = [
  {
    icao: 'FAOR',
    iata: 'JNB',
    name: 'O. R. Tambo International Airport',
    city: 'Johannesburg',
    country: 'ZA',
    lat: -26.1392,
    lon: 28.246,
    tz: 'Africa/Johannesburg',
  },
  {
    icao: 'LTFM',
    iata: 'IST',
    name: 'Istanbul Airport',
    city: 'Istanbul',
    country: 'TR',
    lat: 41.2753,
    lon: 28.7519,
    tz: 'Europe/Istanbul',
  },
  {
    icao: 'EDDB',
    iata: 'BER',
    name: 'Berlin Brandenburg Airport',
    city: 'Berlin',
    country: 'DE',
    lat: 52.3667,
    lon: 13.5033,
    tz: 'Europe/Berlin',
  },
];

const nameFixes: Record<string, string> = {
  HKG: 'Hong Kong International Airport',
  HND: 'Tokyo Haneda Airport',
  NRT: 'Tokyo Narita International Airport',
  LGA: 'LaGuardia Airport',
  LAS: 'Harry Reid International Airport',
  SEA: 'Seattle-Tacoma International Airport',
  IAH: 'George Bush Intercontinental Airport',
  CDG: 'Paris Charles de Gaulle Airport',
  ORY: 'Paris Orly Airport',
  FCO: 'Rome Fiumicino Airport',
  MEX: 'Mexico City International Airport',
  GRU: 'São Paulo/Guarulhos International Airport',
  EZE: 'Ministro Pistarini International Airport (Ezeiza)',
  YYZ: 'Toronto Pearson International Airport',
  YUL: 'Montréal-Trudeau International Airport',
  BOM: 'Chhatrapati Shivaji Maharaj International Airport',
  BLR: 'Kempegowda International Airport',
  MSP: 'Minneapolis-Saint Paul International Airport',
  HNL: 'Daniel K. Inouye International Airport',
  ATL: 'Hartsfield-Jackson Atlanta International Airport',
  LIS: 'Humberto Delgado Airport',
  CPH: 'Copenhagen Airport',
  HEL: 'Helsinki Airport',
  BOS: 'Boston Logan International Airport',
  DTW: 'Detroit Metropolitan Airport',
  SIN: 'Singapore Changi Airport',
  DUB: 'Dublin Airport',
};

const cityFixes: Record<string, string> = {
  FRA: 'Frankfurt',
  DFW: 'Dallas',
  EZE: 'Buenos Aires',
  PTY: 'Panama City',
  LIM: 'Lima',
  BLR: 'Bengaluru',
  NGO: 'Nagoya',
  CTS: 'Sapporo',
  MDE: 'Medellín',
  SAL: 'San Salvador',
  MFM: 'Macau',
  ZNZ: 'Zanzibar',
  JRO: 'Kilimanjaro',
  LPB: 'La Paz',
  DWC: 'Dubai',
  SEA: 'Seattle',
  MAO: 'Manaus',
  GRU: 'São Paulo',
  CGH: 'São Paulo',
  VCP: 'São Paulo',
  GIG: 'Rio de Janeiro',
  SDU: 'Rio de Janeiro',
  YUL: 'Montréal',
  BSL: 'Basel',
  KEF: 'Reykjavík',
};

/** IATA metropolitan areas: city code, city name, member airports. */
const metroAreas: readonly (readonly [string, string, string])[] = [
  ['LON', 'London', 'LHR LGW STN LTN LCY SEN'],
  ['NYC', 'New York', 'JFK LGA EWR'],
  ['PAR', 'Paris', 'CDG ORY BVA'],
  ['MIL', 'Milan', 'MXP LIN BGY'],
  ['ROM', 'Rome', 'FCO CIA'],
  ['STO', 'Stockholm', 'ARN BMA NYO VST'],
  ['OSL', 'Oslo', 'OSL TRF RYG'],
  ['MOW', 'Moscow', 'SVO DME VKO'],
  ['BER', 'Berlin', 'BER'],
  ['WAS', 'Washington', 'IAD DCA BWI'],
  ['CHI', 'Chicago', 'ORD MDW'],
  ['DFW', 'Dallas', 'DFW DAL'],
  ['HOU', 'Houston', 'IAH HOU'],
  ['YTO', 'Toronto', 'YYZ YTZ'],
  ['BUE', 'Buenos Aires', 'EZE AEP'],
  ['SAO', 'São Paulo', 'GRU CGH VCP'],
  ['RIO', 'Rio de Janeiro', 'GIG SDU'],
  ['TYO', 'Tokyo', 'HND NRT'],
  ['OSA', 'Osaka', 'KIX ITM'],
  ['SEL', 'Seoul', 'ICN GMP'],
  ['SHA', 'Shanghai', 'PVG SHA'],
  ['TPE', 'Taipei', 'TPE TSA'],
  ['BKK', 'Bangkok', 'BKK DMK'],
  ['JKT', 'Jakarta', 'CGK HLP'],
  ['IST', 'Istanbul', 'IST SAW'],
  ['DXB', 'Dubai', 'DXB DWC'],
];

const excludedName =
  /(Air Base|Air Force|\bAFB\b|Naval|Heliport|Seaplane|Airpark|\bArmy\b|MCAS|Base A[eé]rea|Military|Airstrip|Landing Strip|Ranch)/i;

function isSourceAirport(value: unknown): value is SourceAirport {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.icao === 'string' &&
    typeof v.iata === 'string' &&
    typeof v.name === 'string' &&
    typeof v.city === 'string' &&
    typeof v.country === 'string' &&
    typeof v.lat === 'number' &&
    typeof v.lon === 'number' &&
    typeof v.tz === 'string'
  );
}

function isKnownTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** A single-quoted TypeScript string literal, as the code style writes them. */
function quote(value: string): string {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

function codes(list: string): string[] {
  return list.split(/\s+/).filter((code) => code.length > 0);
}

const require = createRequire(import.meta.url);
const sourcePath = require.resolve('@williamkapke/airports/airports.json');
const parsed: unknown = JSON.parse(readFileSync(sourcePath, 'utf8'));
if (!Array.isArray(parsed)) throw new Error('airports.json is not an array');
const source = parsed.filter(isSourceAirport);

const byIata = new Map<string, SourceAirport>();
for (const entry of source) {
  if (!/^[A-Z]{3}$/.test(entry.iata) || closed.has(entry.iata) || closedIcao.has(entry.icao)) {
    continue;
  }
  if (!entry.tz || !isKnownTimeZone(entry.tz)) continue;
  const current = byIata.get(entry.iata);
  const preferred = preferredIcao[entry.iata];
  if (current === undefined) {
    byIata.set(entry.iata, entry);
  } else if (
    preferred !== undefined ? entry.icao === preferred : /International/i.test(entry.name)
  ) {
    byIata.set(entry.iata, entry);
  }
}
for (const replacement of replacements) byIata.set(replacement.iata, replacement);

const tierOf = new Map<string, 1 | 2 | 3>();
for (const code of codes(tier1)) tierOf.set(code, 1);
for (const code of codes(tier2)) if (!tierOf.has(code)) tierOf.set(code, 2);
for (const code of codes(tier3Extra)) if (!tierOf.has(code)) tierOf.set(code, 3);
for (const [code, entry] of byIata) {
  if (tierOf.has(code)) continue;
  if (/International|Internacional|Intl/i.test(entry.name) && !excludedName.test(entry.name)) {
    tierOf.set(code, 3);
  }
}

const metroOf = new Map<string, { code: string; name: string }>();
for (const [code, name, members] of metroAreas) {
  for (const member of codes(members)) metroOf.set(member, { code, name });
}

const missing: string[] = [];
const rows: string[] = [];
const sorted = [...tierOf.entries()].sort(([a], [b]) => a.localeCompare(b));
for (const [code, tier] of sorted) {
  const entry = byIata.get(code);
  if (entry === undefined) {
    missing.push(code);
    continue;
  }
  const metro = metroOf.get(code);
  const name = nameFixes[code] ?? entry.name;
  // A few source rows have no city: the airport's own name is the best stand-in.
  const fallbackCity = entry.name.replace(/\s+(International\s+)?Airport$/i, '');
  const city = metro?.name ?? cityFixes[code] ?? (entry.city.trim() || fallbackCity);
  const row = [
    code,
    entry.icao,
    name,
    city,
    entry.country,
    Number(entry.lat.toFixed(4)),
    Number(entry.lon.toFixed(4)),
    entry.tz,
    tier,
    metro?.code ?? '',
  ];
  rows.push(
    `  [${row.map((value) => (typeof value === 'string' ? quote(value) : String(value))).join(', ')}],`,
  );
}

const header = `// Generated by scripts/build-airports.ts from @williamkapke/airports 1.0.0 (MIT licence,
// © William Kapke, https://github.com/williamkapke/airports). Do not edit by hand: change the
// script and run it again.

/** [iata, icao, name, city, country, latitude, longitude, time zone, tier, metro city code] */
export type AirportRow = readonly [
  iata: string,
  icao: string,
  name: string,
  city: string,
  country: string,
  latitude: number,
  longitude: number,
  timeZone: string,
  tier: 1 | 2 | 3,
  cityCode: string,
];

export const airportRows: readonly AirportRow[] = [
`;
const output = `${header}${rows.join('\n')}\n];\n`;
const target = fileURLToPath(new URL('../src/data/airports.ts', import.meta.url));
writeFileSync(target, output);

const tierCounts = [1, 2, 3].map((t) => [...tierOf.values()].filter((v) => v === t).length);
console.log(
  JSON.stringify({
    written: rows.length,
    tiers: tierCounts,
    missing,
    target: 'src/data/airports.ts',
  }),
);

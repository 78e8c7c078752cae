/**
 * The curation of the airport list that scripts/build-airports.ts generates: which airports are
 * of which size tier, which of a duplicated IATA code is the real one, which are closed, and where
 * the source gets a name, a city or a position wrong.
 */

export interface SourceAirport {
  icao: string;
  iata: string;
  name: string;
  city: string;
  country: string;
  lat: number;
  lon: number;
  tz: string;
}

export const tier1 = `LHR LGW CDG AMS FRA MUC MAD BCN FCO ZRH IST DXB DOH AUH JFK EWR LAX SFO ORD ATL DFW
DEN SEA MIA IAH BOS IAD YYZ YVR YUL MEX GRU BOG LIM SCL EZE PTY HND NRT ICN PEK PVG CAN HKG TPE SIN
BKK KUL CGK MNL DEL BOM SYD MEL AKL JNB CAI ADD NBO CPH ARN OSL HEL VIE DUB LIS BRU KIX PHX CLT MSP
DTW PHL LAS MCO BNE BLR KEF WAW`;

export const tier2 = `MAN STN LTN LCY EDI GLA BHX BRS NCL LPL BFS ABZ SNN ORK EMA LBA ORY NCE LYS MRS TLS BOD
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
export const tier3Extra = `SEN BOH EXT NQY NWI INV CWL SOU DSA HUY JER GCI IOM KOI LSI KIR DUB CFN BVA MPL BIQ PUF
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
export const scheduledUnlisted = 'NAV KOS VCL';

/** Duplicated IATA codes in the source: the ICAO code of the real airport. */
export const preferredIcao: Record<string, string> = {
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
export const closed = new Set([
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
export const closedIcao = new Set(['OTBD', 'EDDT', 'EDDB', 'LTBA']);

/** Where the source is wrong or missing: published names and coordinates. */
export const replacements: SourceAirport[] = [
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

export const nameFixes: Record<string, string> = {
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

export const cityFixes: Record<string, string> = {
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

/**
 * The names and places of the airport list that scripts/build-airports.ts generates: IATA
 * metropolitan areas, airports newer than the source, approximate passenger traffic, and the
 * common and former names autocomplete matches.
 */

/**
 * IATA metropolitan areas: city code, city name, member airports. A city whose code is not also
 * one of its airports' codes, and that keeps two airports or more, is listed for autocomplete as
 * "City (all airports)"; where the codes coincide (BKK, IST, SHA, TPE, DXB, OSL, HOU, DFW) the
 * code names the airport, so the city cannot be told apart from it and is not listed.
 */
export const metroAreas: readonly (readonly [string, string, string])[] = [
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
export const newAirports: readonly (readonly [
  iata: string,
  city: string,
  tz: string,
  tier: 1 | 2 | 3,
])[] = [
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
export const passengerMillions = `
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
export const cityAliases: Record<string, string> = {
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

export const airportAliases: Record<string, string> = {
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

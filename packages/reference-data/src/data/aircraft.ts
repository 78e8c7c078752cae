/* eslint-disable max-lines -- a data table: one cabin layout per aircraft type */
/**
 * Aircraft types and their cabin layouts. Layouts are typical airline configurations (seat
 * letters, aisles, exit and wing rows, galleys and lavatories), not one airline's exact plan.
 * Row numbers never repeat within an aircraft, so a designator such as `14C` is unique.
 */

export type CabinClass = 'first' | 'business' | 'premium_economy' | 'economy';

export type FacilityElement = 'lavatory' | 'galley' | 'closet' | 'stairs' | 'empty';

/** A row without seats: one list of elements per section (sections are split by aisles). */
export type FacilityRow = readonly (readonly FacilityElement[])[];

export interface CabinLayout {
  readonly cabinClass: CabinClass;
  /** 0 = main deck, 1 = upper deck. */
  readonly deck: 0 | 1;
  readonly firstRow: number;
  readonly lastRow: number;
  /** Seat letters grouped into sections by spaces: "ABC DEF" is 3-3 with one aisle. */
  readonly columns: string;
  /** Row numbers airlines leave out (superstition). */
  readonly skipRows?: readonly number[];
  /** Seat rows directly behind an emergency exit: extra legroom, restrictions apply. */
  readonly exitRows?: readonly number[];
  /** First and last seat row over the wing. */
  readonly wingRows?: readonly [number, number];
  /** Facility rows in front of the cabin's first seat row. */
  readonly front?: readonly FacilityRow[];
  /** Facility rows behind the cabin's last seat row. */
  readonly rear?: readonly FacilityRow[];
}

export interface AircraftType {
  /** IATA aircraft type code, as in Duffel's `aircraft.iata_code`. */
  readonly iataCode: string;
  readonly name: string;
  readonly body: 'regional' | 'narrow' | 'wide';
  /** Average speed over the airborne part of a scheduled flight (routing included). */
  readonly cruiseKmh: number;
  /** Longest sector the type is scheduled on. */
  readonly rangeKm: number;
  /**
   * CO₂ per seat-kilometre against a typical airliner of its cabin (1 = an Airbus A320ceo),
   * from published fuel burn per seat: new-generation engines and turboprops below 1, older
   * and four-engined types above. Read by the offers' `total_emissions_kg`.
   */
  readonly emissionsFactor: number;
  readonly cabins: readonly CabinLayout[];
}

const narrowGalleyFront: FacilityRow = [['galley'], ['lavatory']];
const narrowRear: FacilityRow = [['lavatory'], ['lavatory']];
const narrowGalleyRear: FacilityRow = [['galley'], ['galley']];
const wideFront: FacilityRow = [['lavatory'], ['galley', 'galley'], ['closet']];
const wideMid: FacilityRow = [['lavatory'], ['galley', 'galley'], ['lavatory']];
const wideRear: FacilityRow = [['lavatory', 'lavatory'], ['galley', 'galley'], ['lavatory']];
const stairs: FacilityRow = [['empty'], ['stairs'], ['empty']];

export const aircraftTypes: readonly AircraftType[] = [
  {
    iataCode: '320',
    name: 'Airbus A320',
    body: 'narrow',
    cruiseKmh: 770,
    rangeKm: 5200,
    emissionsFactor: 1,
    cabins: [
      {
        cabinClass: 'business',
        deck: 0,
        firstRow: 1,
        lastRow: 3,
        columns: 'AC DF',
        front: [narrowGalleyFront],
      },
      {
        cabinClass: 'economy',
        deck: 0,
        firstRow: 4,
        lastRow: 30,
        columns: 'ABC DEF',
        skipRows: [13],
        exitRows: [11, 12],
        wingRows: [9, 16],
        rear: [narrowRear, narrowGalleyRear],
      },
    ],
  },
  {
    iataCode: '32Q',
    name: 'Airbus A321neo',
    body: 'narrow',
    cruiseKmh: 780,
    rangeKm: 7400,
    emissionsFactor: 0.84,
    cabins: [
      {
        cabinClass: 'business',
        deck: 0,
        firstRow: 1,
        lastRow: 4,
        columns: 'AC DF',
        front: [narrowGalleyFront],
      },
      {
        cabinClass: 'economy',
        deck: 0,
        firstRow: 5,
        lastRow: 35,
        columns: 'ABC DEF',
        skipRows: [13],
        exitRows: [12, 26],
        wingRows: [11, 19],
        rear: [narrowRear, narrowGalleyRear],
      },
    ],
  },
  {
    iataCode: '738',
    name: 'Boeing 737-800',
    body: 'narrow',
    cruiseKmh: 770,
    rangeKm: 5400,
    emissionsFactor: 1.03,
    cabins: [
      {
        cabinClass: 'business',
        deck: 0,
        firstRow: 1,
        lastRow: 4,
        columns: 'AC DF',
        front: [narrowGalleyFront],
      },
      {
        cabinClass: 'economy',
        deck: 0,
        firstRow: 5,
        lastRow: 32,
        columns: 'ABC DEF',
        exitRows: [14, 15],
        wingRows: [11, 19],
        rear: [narrowRear, narrowGalleyRear],
      },
    ],
  },
  {
    iataCode: '7M8',
    name: 'Boeing 737 MAX 8',
    body: 'narrow',
    cruiseKmh: 780,
    rangeKm: 6500,
    emissionsFactor: 0.86,
    cabins: [
      {
        cabinClass: 'business',
        deck: 0,
        firstRow: 1,
        lastRow: 4,
        columns: 'AC DF',
        front: [narrowGalleyFront],
      },
      {
        cabinClass: 'economy',
        deck: 0,
        firstRow: 5,
        lastRow: 31,
        columns: 'ABC DEF',
        exitRows: [13, 14],
        wingRows: [10, 18],
        rear: [narrowRear, narrowGalleyRear],
      },
    ],
  },
  {
    iataCode: '223',
    name: 'Airbus A220-300',
    body: 'narrow',
    cruiseKmh: 760,
    rangeKm: 5900,
    emissionsFactor: 0.85,
    cabins: [
      {
        cabinClass: 'business',
        deck: 0,
        firstRow: 1,
        lastRow: 3,
        columns: 'AC DF',
        front: [narrowGalleyFront],
      },
      {
        cabinClass: 'economy',
        deck: 0,
        firstRow: 4,
        lastRow: 29,
        columns: 'AC DEF',
        exitRows: [11, 12],
        wingRows: [9, 15],
        rear: [narrowRear, narrowGalleyRear],
      },
    ],
  },
  {
    iataCode: 'E90',
    name: 'Embraer 190',
    body: 'regional',
    cruiseKmh: 720,
    rangeKm: 3800,
    emissionsFactor: 1.15,
    cabins: [
      {
        cabinClass: 'business',
        deck: 0,
        firstRow: 1,
        lastRow: 3,
        columns: 'AC DF',
        front: [narrowGalleyFront],
      },
      {
        cabinClass: 'economy',
        deck: 0,
        firstRow: 4,
        lastRow: 27,
        columns: 'AC DF',
        skipRows: [13],
        exitRows: [12],
        wingRows: [9, 14],
        rear: [narrowRear, narrowGalleyRear],
      },
    ],
  },
  {
    iataCode: 'AT7',
    name: 'ATR 72-600',
    body: 'regional',
    cruiseKmh: 450,
    rangeKm: 1400,
    emissionsFactor: 0.8,
    cabins: [
      {
        cabinClass: 'economy',
        deck: 0,
        firstRow: 1,
        lastRow: 18,
        columns: 'AC DF',
        exitRows: [1],
        // A high wing over the front half of the cabin.
        wingRows: [4, 9],
        front: [[['closet'], ['empty']]],
        rear: [narrowGalleyRear, [['lavatory'], ['empty']]],
      },
    ],
  },
  {
    iataCode: '789',
    name: 'Boeing 787-9',
    body: 'wide',
    cruiseKmh: 815,
    rangeKm: 14000,
    emissionsFactor: 0.85,
    cabins: [
      {
        cabinClass: 'business',
        deck: 0,
        firstRow: 1,
        lastRow: 8,
        columns: 'A EF K',
        front: [wideFront],
      },
      {
        cabinClass: 'premium_economy',
        deck: 0,
        firstRow: 20,
        lastRow: 24,
        columns: 'AC DEF HK',
        exitRows: [20],
        front: [wideMid],
      },
      {
        cabinClass: 'economy',
        deck: 0,
        firstRow: 30,
        lastRow: 52,
        columns: 'ABC DEF HJK',
        exitRows: [42],
        wingRows: [30, 38],
        front: [wideMid],
        rear: [wideRear],
      },
    ],
  },
  {
    iataCode: '77W',
    name: 'Boeing 777-300ER',
    body: 'wide',
    cruiseKmh: 820,
    rangeKm: 13600,
    emissionsFactor: 1.05,
    cabins: [
      {
        cabinClass: 'first',
        deck: 0,
        firstRow: 1,
        lastRow: 2,
        columns: 'A EF K',
        front: [wideFront],
      },
      {
        cabinClass: 'business',
        deck: 0,
        firstRow: 6,
        lastRow: 15,
        columns: 'A EF K',
        front: [wideMid],
      },
      {
        cabinClass: 'premium_economy',
        deck: 0,
        firstRow: 20,
        lastRow: 25,
        columns: 'AC DEFG HK',
        exitRows: [20],
        front: [wideMid],
      },
      {
        cabinClass: 'economy',
        deck: 0,
        firstRow: 30,
        lastRow: 58,
        columns: 'ABC DEFG HJK',
        exitRows: [44],
        wingRows: [30, 40],
        front: [wideMid],
        rear: [wideRear],
      },
    ],
  },
  {
    iataCode: '359',
    name: 'Airbus A350-900',
    body: 'wide',
    cruiseKmh: 820,
    rangeKm: 15000,
    emissionsFactor: 0.83,
    cabins: [
      {
        cabinClass: 'business',
        deck: 0,
        firstRow: 1,
        lastRow: 10,
        columns: 'A EF K',
        front: [wideFront],
      },
      {
        cabinClass: 'premium_economy',
        deck: 0,
        firstRow: 20,
        lastRow: 24,
        columns: 'AC DEF HK',
        exitRows: [20],
        front: [wideMid],
      },
      {
        cabinClass: 'economy',
        deck: 0,
        firstRow: 30,
        lastRow: 56,
        columns: 'ABC DEF HJK',
        exitRows: [43],
        wingRows: [30, 39],
        front: [wideMid],
        rear: [wideRear],
      },
    ],
  },
  {
    iataCode: '333',
    name: 'Airbus A330-300',
    body: 'wide',
    cruiseKmh: 805,
    rangeKm: 11000,
    emissionsFactor: 1,
    cabins: [
      {
        cabinClass: 'business',
        deck: 0,
        firstRow: 1,
        lastRow: 8,
        columns: 'A EF K',
        front: [wideFront],
      },
      {
        cabinClass: 'premium_economy',
        deck: 0,
        firstRow: 11,
        lastRow: 14,
        columns: 'AC DEF HK',
        exitRows: [11],
        front: [wideMid],
      },
      {
        cabinClass: 'economy',
        deck: 0,
        firstRow: 20,
        lastRow: 47,
        columns: 'AC DEFG HK',
        exitRows: [33],
        wingRows: [21, 30],
        front: [wideMid],
        rear: [wideRear],
      },
    ],
  },
  {
    iataCode: '388',
    name: 'Airbus A380-800',
    body: 'wide',
    cruiseKmh: 820,
    rangeKm: 15000,
    emissionsFactor: 1.12,
    cabins: [
      {
        cabinClass: 'first',
        deck: 0,
        firstRow: 1,
        lastRow: 3,
        columns: 'A EF K',
        front: [wideFront],
        rear: [stairs],
      },
      {
        cabinClass: 'economy',
        deck: 0,
        firstRow: 40,
        lastRow: 80,
        columns: 'ABC DEFG HJK',
        exitRows: [40, 54, 69],
        wingRows: [50, 64],
        front: [wideMid],
        rear: [wideRear],
      },
      {
        cabinClass: 'business',
        deck: 1,
        firstRow: 6,
        lastRow: 24,
        columns: 'A EF K',
        wingRows: [14, 22],
        front: [stairs, wideMid],
      },
      {
        cabinClass: 'premium_economy',
        deck: 1,
        firstRow: 30,
        lastRow: 35,
        columns: 'AC DEFG HK',
        front: [wideMid],
        rear: [wideRear],
      },
    ],
  },
];

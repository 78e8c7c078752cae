import { describe, expect, it } from 'vitest';
import {
  buildFares,
  buildJourney,
  buildOffer,
  buildSegment,
  buildSlice,
  economyFares,
  places,
} from '../../../test/offers';
import {
  compareEmissions,
  groupItineraries,
  pricePerPerson,
  typicalEmissionsKg,
} from './itineraries';
import { journeyMetrics } from './offer-metrics';

const outbound = () => buildJourney({ date: '2026-12-13', departAt: '09:00' });

describe('groupItineraries', () => {
  it('makes the fares of the same flights one itinerary, cheapest first, each its own offer', () => {
    // The API answers cheapest first across itineraries, so one itinerary's fares interleave.
    const morning = buildFares({ id: 'morning', slices: [outbound()], fares: economyFares(500) });
    const evening = buildFares({
      id: 'evening',
      slices: [buildJourney({ date: '2026-12-13', departAt: '19:00' })],
      fares: economyFares(450),
    });
    const [flex, standard, basic] = [...morning].reverse();
    const answer = [evening[0], basic, evening[1], standard, evening[2], flex].flatMap(
      (offer) => offer ?? [],
    );

    const itineraries = groupItineraries(answer);
    expect(itineraries.map((itinerary) => itinerary.fares.map((fare) => fare.offer.id))).toEqual([
      ['evening_basic', 'evening_standard', 'evening_flex'],
      ['morning_basic', 'morning_standard', 'morning_flex'],
    ]);
    const [first] = itineraries;
    expect(first?.fares.map((fare) => [fare.name, fare.price])).toEqual([
      ['Basic', 450],
      ['Standard', 600],
      ['Flex', 950],
    ]);
  });

  it('keeps apart the same flight numbers on another day, other flights and another seller', () => {
    const sameFlightNextDay = buildJourney({ date: '2026-12-14', departAt: '09:00' });
    const viaKeflavik = buildJourney({ date: '2026-12-13', departAt: '09:00', via: [places.KEF] });
    const soldByAmerican = buildOffer({
      id: 'aa',
      slices: [outbound()],
      owner: { name: 'American Airlines', iata_code: 'AA', logo_url: '' },
    });
    const itineraries = groupItineraries([
      buildOffer({ id: 'ba', slices: [outbound()] }),
      buildOffer({ id: 'ba-next-day', slices: [sameFlightNextDay] }),
      buildOffer({ id: 'ba-via-kef', slices: [viaKeflavik] }),
      soldByAmerican,
    ]);
    expect(itineraries).toHaveLength(4);
  });

  it('reads what the fares offer: bags on every flight, changes and refunds', () => {
    const [basic, standard, flex] =
      groupItineraries(
        buildFares({
          id: 'x',
          slices: [outbound()],
          fares: [
            { name: 'Basic', total: '100.00', carryOnBags: 0 },
            {
              name: 'Standard',
              total: '150.00',
              checkedBags: 1,
              changeable: true,
              changePenalty: '75.00',
            },
            {
              name: 'Flex',
              total: '300.00',
              checkedBags: 2,
              changeable: true,
              // Duffel and the sandbox give a free change as a penalty of 0.00.
              changePenalty: '0.00',
              refundable: true,
              refundPenalty: '0.00',
            },
          ],
        }),
      )[0]?.fares ?? [];
    expect(basic).toMatchObject({ checkedBags: 0, carryOnBags: 0, changeable: false });
    expect(standard).toMatchObject({
      checkedBags: 1,
      changeable: true,
      changePenalty: { amount: '75.00', currency: 'USD' },
      refundable: false,
    });
    expect(flex).toMatchObject({
      checkedBags: 2,
      changePenalty: null,
      refundable: true,
      refundPenalty: null,
    });
  });

  it('counts the smallest bag allowance over the flights of the trip', () => {
    const offer = buildOffer({
      slices: [
        buildSlice({
          segments: [
            buildSegment({ baggages: [{ type: 'checked', quantity: 1 }] }),
            buildSegment({ baggages: [{ type: 'carry_on', quantity: 1 }] }),
          ],
        }),
      ],
    });
    expect(groupItineraries([offer])[0]?.fares[0]).toMatchObject({
      checkedBags: 0,
      carryOnBags: 0,
    });
  });

  it('takes the CO₂ the offers give, for the whole trip', () => {
    const [itinerary] = groupItineraries([
      buildOffer({ slices: [outbound()], total_emissions_kg: '1994' }),
    ]);
    expect(itinerary?.emissionsKg).toBe(1994);
    expect(groupItineraries([buildOffer({ total_emissions_kg: null })])[0]?.emissionsKg).toBeNull();
  });
});

describe('layovers', () => {
  it('names the airport, the wait, and a wait past midnight as overnight', () => {
    // Each flight 3 hours, 1 hour on the ground: 20:30 → 23:30 in Reykjavík, on at 00:30.
    const late = journeyMetrics(
      buildOffer({ slices: [buildJourney({ via: [places.KEF], departAt: '20:30' })] }),
    );
    expect(late.layovers[0]).toEqual([
      { airport: places.KEF, departureAirport: null, minutes: 60, overnight: true },
    ]);
    expect(late.overnightLayover).toBe(true);
    expect(late.longestLayoverMinutes).toBe(60);

    const day = journeyMetrics(
      buildOffer({ slices: [buildJourney({ via: [places.DUB, places.KEF], departAt: '06:00' })] }),
    );
    expect(day.layovers[0]?.map((layover) => layover.airport.iata_code)).toEqual(['DUB', 'KEF']);
    expect(day.overnightLayover).toBe(false);
    expect(journeyMetrics(buildOffer()).longestLayoverMinutes).toBe(0);
  });
});

describe('pricePerPerson', () => {
  it('divides the total among the travellers, only when there are several', () => {
    expect(pricePerPerson(900, 3)).toBe(300);
    expect(pricePerPerson(900, 1)).toBeNull();
  });

  it('knows when children or infants make the price per person an average', () => {
    const party = (...types: ('adult' | 'child' | 'infant_without_seat')[]) =>
      groupItineraries([
        buildOffer({
          slices: [outbound()],
          passengers: types.map((type, index) => ({
            id: `pas_${index}`,
            type,
            age: type === 'adult' ? null : 1,
          })),
        }),
      ])[0];
    expect(party('adult', 'adult')).toMatchObject({ passengerCount: 2, mixedParty: false });
    expect(party('adult', 'child')).toMatchObject({ passengerCount: 2, mixedParty: true });
    expect(party('adult', 'adult', 'infant_without_seat')).toMatchObject({
      passengerCount: 3,
      mixedParty: true,
    });
  });
});

describe('CO₂ against the route', () => {
  const withKg = (...figures: (number | null)[]) => figures.map((emissionsKg) => ({ emissionsKg }));

  it('takes the median itinerary as typical, skipping those without a figure', () => {
    expect(typicalEmissionsKg(withKg(500, 300, null, 400))).toBe(400);
    expect(typicalEmissionsKg(withKg(500, 300, 400, 600))).toBe(450);
    expect(typicalEmissionsKg(withKg(null))).toBeNull();
  });

  it('says lower, typical (within 3%) or higher, with the rounded difference', () => {
    expect(compareEmissions(440, 500)).toEqual({ percent: -12, verdict: 'lower' });
    expect(compareEmissions(510, 500)).toEqual({ percent: 2, verdict: 'typical' });
    expect(compareEmissions(550, 500)).toEqual({ percent: 10, verdict: 'higher' });
    expect(compareEmissions(550, null)).toBeNull();
    expect(compareEmissions(null, 500)).toBeNull();
  });
});

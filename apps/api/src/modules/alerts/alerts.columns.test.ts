import { searchCriteriaSchema } from '@contrail/contracts/flight-search';
import { describe, expect, it } from 'vitest';
import { StoredJsonError } from '../../lib/stored-json';
import { readAlertCriteria, readAlertSiteUrl } from './alerts.columns';

describe("a price alert's criteria and site", () => {
  it('reads the criteria as the search form parsed and stored them, unchanged', () => {
    const criteria = searchCriteriaSchema.parse({
      origin: 'LHR',
      destination: 'JFK',
      departureDate: '2027-02-10',
      returnDate: '2027-02-17',
      adultsCount: 2,
      childrenCount: 1,
      childrenAges: [7],
    });
    expect(readAlertCriteria(JSON.parse(JSON.stringify(criteria)))).toEqual(criteria);
  });

  it('reads criteria kept before children and infants had ages, with none', () => {
    const early = {
      origin: 'LHR',
      destination: 'JFK',
      departureDate: '2027-02-10',
      cabinClass: 'economy',
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
      tripType: 'one-way',
    };
    expect(readAlertCriteria(early)).toEqual({ ...early, childrenAges: [], infantsAges: [] });
  });

  it('throws corrupt criteria or site, naming the column', () => {
    expect(() => readAlertCriteria({ origin: 'LHR' })).toThrow(
      /price_alerts\.criteria[\s\S]*destination/,
    );
    expect(() => readAlertCriteria(null)).toThrow(StoredJsonError);
    const site = { origin: 'https://skyhop.example', brandParam: null };
    expect(readAlertSiteUrl(site)).toEqual(site);
    expect(() => readAlertSiteUrl({ brandParam: 'skyhop' })).toThrow(/price_alerts\.site_url/);
  });
});

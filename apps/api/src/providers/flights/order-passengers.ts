import type { SupplierPassenger } from './flight-supplier';

const same = (value: string) => value;

/**
 * The passengers of an order request as Duffel writes them (the sandbox answers in Duffel's
 * shapes too). `id` turns an offer passenger's id into the one the ordered offer knows it by.
 */
export function orderPassengers(passengers: readonly SupplierPassenger[], id = same) {
  return passengers.map((p) => ({
    id: id(p.id),
    title: p.title,
    given_name: p.givenName,
    family_name: p.familyName,
    gender: p.gender,
    born_on: p.bornOn,
    email: p.email,
    phone_number: p.phoneNumber,
    ...(p.infantPassengerId ? { infant_passenger_id: id(p.infantPassengerId) } : {}),
    ...(p.passport
      ? {
          identity_documents: [
            {
              type: 'passport' as const,
              unique_identifier: p.passport.number,
              issuing_country_code: p.passport.issuingCountryCode,
              expires_on: p.passport.expiresOn,
            },
          ],
        }
      : {}),
    ...(p.loyaltyAccounts?.length
      ? {
          loyalty_programme_accounts: p.loyaltyAccounts.map((account) => ({
            airline_iata_code: account.airlineIataCode,
            account_number: account.accountNumber,
          })),
        }
      : {}),
  }));
}

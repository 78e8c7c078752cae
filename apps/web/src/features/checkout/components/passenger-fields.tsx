import { countryOptions, phoneCountryOptions } from '@contrail/contracts/passenger-countries';
import { useMemo, type ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type {
  PassengerField,
  PassengerFormOutput,
  PassengerFormValues,
} from '../lib/passenger-form';

export type PassengerForm = UseFormReturn<PassengerFormValues, unknown, PassengerFormOutput>;

/** What every section of a passenger's card works on: the form and the passenger's place in it. */
export interface PassengerSectionProps {
  form: PassengerForm;
  index: number;
}

export function Optional({ children }: { children: ReactNode }) {
  return (
    <>
      {children} <span className="font-normal text-muted-foreground">(optional)</span>
    </>
  );
}

/** The form path of one of a passenger's fields. */
export function passengerFieldName<F extends PassengerField>(index: number, field: F) {
  return `passengers.${index}.${field}` as const;
}

/** Browsers fill the lead passenger from the traveller's own details; the others are sections. */
export function passengerAutoComplete(index: number, token: string) {
  return index === 0 ? token : `section-passenger${index + 1} ${token}`;
}

/** Countries to choose from: `[code, name]`. */
export type CountryList = ReturnType<typeof countryOptions>;

/** Countries named in the browser's language, computed once per page. */
export function useCountryLists() {
  return useMemo(() => {
    const locale = navigator.language || 'en';
    return { countries: countryOptions(locale), phoneCountries: phoneCountryOptions(locale) };
  }, []);
}

import { searchMessages, type SearchRequest } from '@contrail/contracts/search-rules';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../../components/ui/toast';
import { readLastSearch, readTripType, saveTripType } from '../lib/saved-search';
import {
  defaultSearchFormValues,
  formValuesFromCriteria,
  formValuesFromLastSearch,
  localToday,
  type SearchFormValues,
} from '../lib/search-form';
import type { FieldErrors, SearchField } from '../lib/field-errors';
import { messagesOf, searchFormResolver } from '../lib/search-form-resolver';
import { criteriaFromSearch, criteriaToSearch, type SortOption } from '../lib/search-params';

export interface SearchFormOptions {
  criteria?: SearchRequest | undefined;
  initialValues?: SearchFormValues | undefined;
  initialErrors?: FieldErrors | undefined;
  sort?: SortOption | undefined;
}

/** Where the form starts: the search to edit, the given values, the last search, the defaults. */
function startingValues({ criteria, initialValues }: SearchFormOptions): SearchFormValues {
  if (criteria) return formValuesFromCriteria(criteria);
  if (initialValues) return initialValues;
  const today = localToday();
  const last = readLastSearch();
  return last
    ? formValuesFromLastSearch(criteriaFromSearch(last), today)
    : defaultSearchFormValues(today, readTripType() ?? 'round-trip');
}

/**
 * The search form's state: checked on submit only (each field's message cleared when that field
 * changes), the first problem a toast that blocks the search; valid criteria become the /search URL.
 */
export function useSearchForm(options: SearchFormOptions) {
  const navigate = useNavigate();
  const [defaultValues] = useState(() => startingValues(options));
  const form = useForm<SearchFormValues, unknown, SearchRequest>({
    defaultValues,
    resolver: searchFormResolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { setValue, getValues, setError, clearErrors, formState } = form;
  const [navigating, setNavigating] = useState(false);

  // Problems to show from the start (a link that could not be searched).
  const showInitialErrors = useEffectEvent(() => {
    for (const [field, message] of Object.entries(options.initialErrors ?? {})) {
      setError(field as SearchField, { type: 'criteria', message });
    }
  });
  useEffect(() => {
    showInitialErrors();
  }, []);

  const errors = messagesOf(formState.errors);
  const update = (next: SearchFormValues, ...changed: SearchField[]) => {
    for (const key of Object.keys(next) as (keyof SearchFormValues)[]) {
      if (next[key] !== getValues(key)) setValue(key, next[key]);
    }
    const shown = changed.filter((field) => errors[field]);
    if (shown.length > 0) clearErrors(shown);
  };

  const go = async (criteria: SearchRequest) => {
    saveTripType(criteria.tripType);
    setNavigating(true);
    try {
      await navigate({
        to: '/search',
        search: { ...criteriaToSearch(criteria), ...(options.sort ? { sort: options.sort } : {}) },
      });
    } catch (error) {
      console.warn('Search navigation failed', error);
      toast.error(searchMessages.searchFailed, {
        description: searchMessages.searchFailedDescription,
      });
    } finally {
      setNavigating(false);
    }
  };
  const search = form.handleSubmit(go, (invalid) => {
    const [first] = Object.values(messagesOf(invalid));
    if (first) toast.error(first);
  });

  // Every field at once: the fields show them, and several change together (a swap, a trip type).
  const values = useWatch({ control: form.control }) as SearchFormValues;
  return { values, errors, update, search, navigating };
}

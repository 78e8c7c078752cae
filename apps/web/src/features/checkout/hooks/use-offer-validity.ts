import type { OfferVerification } from '@contrail/contracts/offers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent } from 'react';
import { offerVerificationQueryOptions } from '../../../lib/offers-api';
import { offerProblemOf, type OfferProblem } from '../lib/offer-problems';

interface OfferValidityOptions {
  /** Poll period; false stops polling (after booking). */
  intervalMs: number | false;
  /** The offer can no longer be booked. Called again on each failed check: make it idempotent. */
  onProblem: (problem: OfferProblem) => void;
  onVerified?: (verification: OfferVerification) => void;
}

/**
 * The offer's validity: verified on load and every `intervalMs`, and again by `check()` before a
 * submit. A check that itself fails (network, 5xx) is no verdict: `check()` answers true and
 * submission continues.
 */
export function useOfferValidity(
  offerId: string,
  { intervalMs, onProblem, onVerified }: OfferValidityOptions,
) {
  const queryClient = useQueryClient();
  const options = offerVerificationQueryOptions(offerId);
  const query = useQuery({
    ...options,
    refetchInterval: intervalMs,
    refetchIntervalInBackground: true,
  });

  const reportProblem = useEffectEvent((error: unknown) => {
    const problem = offerProblemOf(error);
    if (problem) onProblem(problem);
  });
  const reportVerified = useEffectEvent((verification: OfferVerification) => {
    onVerified?.(verification);
  });

  useEffect(() => {
    if (query.error) reportProblem(query.error);
  }, [query.error, query.errorUpdatedAt]);

  useEffect(() => {
    if (query.data) reportVerified(query.data);
  }, [query.data, query.dataUpdatedAt]);

  const check = useCallback(async (): Promise<boolean> => {
    try {
      await queryClient.query({ ...offerVerificationQueryOptions(offerId), staleTime: 0 });
      return true;
    } catch (error) {
      const problem = offerProblemOf(error);
      if (problem) onProblem(problem);
      return problem === null;
    }
  }, [queryClient, offerId, onProblem]);

  return { verification: query.data, check };
}

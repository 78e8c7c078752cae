import { describe, expect, it } from 'vitest';
import { ApiError, type ErrorCode } from '../../../lib/api-client';
import { LiveModeChangeError } from '../api/change-live-mode';
import { liveModeFailure } from './live-mode-feedback';

function apiError(status: number, code: ErrorCode, serverMessage: string) {
  return new ApiError({ status, statusText: '', code, serverMessage });
}

describe('liveModeFailure', () => {
  it.each([
    [
      'authenticate',
      apiError(401, 'invalid_password', 'Incorrect password'),
      'Authentication Failed',
      'Incorrect password',
    ],
    [
      'authenticate',
      apiError(429, 'rate_limited', 'Slow down'),
      'Authentication Error',
      'Slow down',
    ],
    [
      'authenticate',
      new TypeError('Failed to fetch'),
      'Authentication Error',
      'Your password could not be checked. Please try again.',
    ],
    [
      'save',
      apiError(409, 'live_provider_missing', 'No provider'),
      'Mode Change Failed',
      'No provider',
    ],
    [
      'save',
      apiError(403, 'step_up_required', 'Confirm again'),
      'Mode Change Failed',
      'Confirm again',
    ],
    [
      'save',
      apiError(500, 'internal_error', 'Internal Server Error'),
      'Failed to Update',
      'Internal Server Error',
    ],
  ] as const)('%s: %o → %s', (step, cause, title, description) => {
    expect(liveModeFailure(new LiveModeChangeError(step, cause))).toEqual({ title, description });
  });
});

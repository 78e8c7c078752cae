import { ApiError, type ErrorCode } from '../../../lib/api-client';
import { LiveModeChangeError } from '../api/change-live-mode';

export interface Feedback {
  title: string;
  description: string;
}

/** Codes with which the server refuses the change itself (rather than failing to save it). */
const REFUSED_CODES = new Set<ErrorCode>(['live_provider_missing', 'step_up_required']);

function serverMessageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage;
  return fallback;
}

/**
 * A failed password confirmation (the step-up): a wrong password is 'Authentication Failed', any
 * other failure (too many attempts, no connection) 'Authentication Error'. The description is the
 * server's message.
 */
export function passwordStepFailure(cause: unknown): Feedback {
  if (cause instanceof ApiError && cause.code === 'invalid_password') {
    return { title: 'Authentication Failed', description: cause.serverMessage };
  }
  return {
    title: 'Authentication Error',
    description: serverMessageOf(cause, 'Your password could not be checked. Please try again.'),
  };
}

/**
 * The toasts for a failed mode change: the password step's (passwordStepFailure); a refused
 * change (no live provider, no recent password confirmation) is 'Mode Change Failed', any other
 * save failure 'Failed to Update'. The description is the server's message.
 */
export function liveModeFailure(error: unknown): Feedback {
  const step = error instanceof LiveModeChangeError ? error.step : 'save';
  const cause = error instanceof LiveModeChangeError ? error.cause : error;
  if (step === 'authenticate') return passwordStepFailure(cause);
  if (cause instanceof ApiError && REFUSED_CODES.has(cause.code)) {
    return { title: 'Mode Change Failed', description: cause.serverMessage };
  }
  return {
    title: 'Failed to Update',
    description: serverMessageOf(cause, 'The settings could not be saved. Please try again.'),
  };
}

export function modeName(live: boolean): string {
  return live ? 'Live mode' : 'Test mode';
}

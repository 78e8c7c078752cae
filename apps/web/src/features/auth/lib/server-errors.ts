import { ApiError } from '../../../lib/api-client';

/** The server's message for a failed call; `fallback` for anything else (network, parse). */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage.trim() !== ''
    ? error.serverMessage
    : fallback;
}

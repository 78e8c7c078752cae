import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import { toast } from '../../../components/ui/toast';
import { isAccessDenied, showAccessDenied } from '../lib/access-denied';

/** Sends the user to `/` with an 'Access Denied' toast (a 401 or 403 from an admin call). */
export function useDenyAccess(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    void showAccessDenied();
    void navigate({ to: '/', replace: true });
  }, [navigate]);
}

/**
 * Reacts once to a failed admin load: a 401 or 403 sends the user to `/` with 'Access Denied';
 * anything else shows an 'Error' toast with `description`, and the page shows its own error state
 * with a retry.
 */
export function useAdminLoadFailure(error: Error | null, description: string): void {
  const denyAccess = useDenyAccess();
  const handled = useRef<Error | null>(null);

  useEffect(() => {
    if (!error || handled.current === error) return;
    handled.current = error;
    if (isAccessDenied(error)) {
      denyAccess();
      return;
    }
    toast.error('Error', { description });
  }, [error, description, denyAccess]);
}

import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';

export const ACCESS_DENIED_TITLE = 'Access Denied';

/**
 * The 'Access Denied' toast. Its text lives in the admin contracts, imported on demand so the shell
 * (which runs the route guards) does not ship them.
 */
export async function showAccessDenied(): Promise<void> {
  const { adminMessages } = await import('@contrail/contracts/admin');
  toast.error(ACCESS_DENIED_TITLE, { description: adminMessages.accessDenied });
}

/** A 401 (signed out) or 403 (not an admin) from an admin call. */
export function isAccessDenied(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

import {
  adminLoginResponseSchema,
  adminSettingsSchema,
  type AdminSettings,
} from '@contrail/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** `POST /api/admin/login`: confirms the admin's password and opens a 5-minute step-up window. */
export function confirmAdminPassword(password: string) {
  return apiRequest('/api/admin/login', adminLoginResponseSchema, {
    method: 'POST',
    body: { password },
  });
}

/** `POST /api/admin/settings`: needs a recent step-up; answers the new settings. */
function updateAdminSettings(update: { enableLiveMode: boolean }): Promise<AdminSettings> {
  return apiRequest('/api/admin/settings', adminSettingsSchema, { method: 'POST', body: update });
}

/** Which step of a mode change failed: the password confirmation or the save itself. */
export type LiveModeStep = 'authenticate' | 'save';

export class LiveModeChangeError extends Error {
  override readonly name = 'LiveModeChangeError';
  readonly step: LiveModeStep;

  constructor(step: LiveModeStep, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.step = step;
  }
}

interface LiveModeChange {
  password: string;
  enableLiveMode: boolean;
}

/** The sequence: pre-authenticate with the password, then save. */
async function changeLiveMode({
  password,
  enableLiveMode,
}: LiveModeChange): Promise<AdminSettings> {
  try {
    await confirmAdminPassword(password);
  } catch (error) {
    throw new LiveModeChangeError('authenticate', error);
  }
  try {
    return await updateAdminSettings({ enableLiveMode });
  } catch (error) {
    throw new LiveModeChangeError('save', error);
  }
}

export function useChangeLiveMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeLiveMode,
    onSuccess: (settings) => {
      queryClient.setQueryData(adminKeys.settings(), settings);
    },
  });
}

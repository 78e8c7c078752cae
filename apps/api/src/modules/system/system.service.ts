import type { SystemMode } from '@contrail/contracts/system';
import type { SettingsRepository } from './system.repository';

export const LIVE_MODE_SETTING = 'live_mode';

export interface SystemService {
  getMode(): Promise<SystemMode>;
}

export function createSystemService({ settings }: { settings: SettingsRepository }): SystemService {
  return {
    async getMode() {
      // Test mode unless live mode was stored as exactly `true`: anything else fails safe.
      const isLiveMode = (await settings.get(LIVE_MODE_SETTING)) === true;
      return { isLiveMode, mode: isLiveMode ? 'live' : 'test' };
    },
  };
}

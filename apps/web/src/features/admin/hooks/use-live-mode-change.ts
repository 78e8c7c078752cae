import type { AdminSettings } from '@contrail/contracts/admin';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { modeName } from '../lib/live-mode-feedback';
import { MODE_CHANGE_RELOAD_DELAY_MS, reloadPage } from '../lib/reload-page';

/**
 * The live-mode switch of the settings page: the mode asked for (`null` while no confirmation is
 * open) and, once the mode changed, a toast and a page reload after a short delay.
 */
export function useLiveModeChange() {
  const [target, setTarget] = useState<boolean | null>(null);
  const [reloading, setReloading] = useState(false);
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  function onChanged(previous: AdminSettings, next: AdminSettings) {
    setTarget(null);
    const changed = previous.enableLiveMode !== next.enableLiveMode;
    toast('Settings Updated', {
      description: changed
        ? `${modeName(next.enableLiveMode)} is on. Reloading the page…`
        : `${modeName(next.enableLiveMode)} was already on.`,
    });
    if (changed) {
      setReloading(true);
      reloadTimer.current = setTimeout(reloadPage, MODE_CHANGE_RELOAD_DELAY_MS);
    }
  }

  return { target, setTarget, reloading, onChanged };
}

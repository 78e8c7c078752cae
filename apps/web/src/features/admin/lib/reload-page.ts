/** The page reloads 1 s after the live mode changed. */
export const MODE_CHANGE_RELOAD_DELAY_MS = 1000;

/** A full reload, so every screen and cached price picks up the new mode. */
export function reloadPage(): void {
  window.location.reload();
}

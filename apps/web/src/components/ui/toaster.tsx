import { useEffect, useSyncExternalStore } from 'react';
import { toast, Toaster as Sonner, useSonner } from 'sonner';
import { connectToasts } from './toast';

/** One toast at a time, shown for 5 seconds; F8 moves the focus to the toast region. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_HOTKEY = ['F8'];

/**
 * Sonner's phone width, where a toast spans the screen. At the bottom it would cover what the
 * traveller pressed last, often the form's own button (Search Flights at the foot of a phone's
 * screen), so there toasts come in at the top, just under the fixed header (4 rem).
 */
const PHONE_QUERY = '(max-width: 600px)';
const PHONE_OFFSET = { top: 72, left: 16, right: 16 };

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(PHONE_QUERY);
  // An engine (or a test's stand-in) whose media query lists cannot be listened to: read once.
  if (typeof query.addEventListener !== 'function') return () => undefined;
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isPhone(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
}

/**
 * The toast region (Sonner): mount once near the root; `toast()` and `toast.error()` from the
 * app's `./toast` fill it, the ones asked for before it was on the page included. Its colours are the brand's (styles.css). A modal dialog hides the rest of the
 * page from assistive tech but never a live region, which the region is (aria-live polite), so
 * toasts shown while a dialog is open stay reachable and are announced (WCAG 4.1.3).
 */
export function Toaster() {
  // A new toast replaces the one on screen: the ones before it are dismissed (newest first).
  const { toasts } = useSonner();
  const phone = useSyncExternalStore(subscribe, isPhone);
  // Sonner's region listens from its own (earlier) effect: what waited is shown in it now.
  useEffect(() => {
    connectToasts(toast);
  }, []);
  useEffect(() => {
    for (const older of toasts.slice(TOAST_LIMIT)) toast.dismiss(older.id);
  }, [toasts]);
  return (
    <Sonner
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      hotkey={TOAST_HOTKEY}
      position={phone ? 'top-center' : 'bottom-right'}
      mobileOffset={PHONE_OFFSET}
      richColors
      closeButton
      icons={{ error: null }}
      toastOptions={{ closeButtonAriaLabel: 'Close' }}
    />
  );
}

import { useSyncExternalStore, type ReactNode } from 'react';
import type { ToastActionElement, ToastVariant } from './toast';

/** Toasts: only one is shown at a time; a dismissed toast is removed after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  action?: ToastActionElement;
  /** Overrides the provider's default display time. */
  duration?: number;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

interface ToastState {
  toasts: readonly ToastItem[];
}

type ToastEvent =
  | { type: 'add'; toast: ToastItem }
  | { type: 'update'; id: string; toast: Partial<ToastOptions> }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function nextId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return String(counter);
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: 'remove', id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

function reduce(current: ToastState, event: ToastEvent): ToastState {
  switch (event.type) {
    case 'add':
      return { toasts: [event.toast, ...current.toasts].slice(0, TOAST_LIMIT) };
    case 'update':
      return {
        toasts: current.toasts.map((t) => (t.id === event.id ? { ...t, ...event.toast } : t)),
      };
    case 'dismiss':
      return {
        toasts: current.toasts.map((t) =>
          event.id === undefined || t.id === event.id ? { ...t, open: false } : t,
        ),
      };
    case 'remove':
      return {
        toasts: event.id === undefined ? [] : current.toasts.filter((t) => t.id !== event.id),
      };
  }
}

function dispatch(event: ToastEvent): void {
  if (event.type === 'dismiss') {
    for (const t of state.toasts) {
      if (event.id === undefined || t.id === event.id) scheduleRemoval(t.id);
    }
  }
  state = reduce(state, event);
  for (const listener of listeners) listener();
}

export function dismissToast(id?: string): void {
  dispatch(id === undefined ? { type: 'dismiss' } : { type: 'dismiss', id });
}

/** Shows a toast; a new toast replaces the one on screen (TOAST_LIMIT). */
export function toast(options: ToastOptions): {
  id: string;
  dismiss: () => void;
  update: (next: Partial<ToastOptions>) => void;
} {
  const id = nextId();
  dispatch({ type: 'add', toast: { ...options, id, open: true } });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) => dispatch({ type: 'update', id, toast: next }),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToastState {
  return state;
}

export function useToast(): ToastState & { toast: typeof toast; dismiss: typeof dismissToast } {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { ...current, toast, dismiss: dismissToast };
}

/** Clears every toast and timer (tests). */
export function resetToasts(): void {
  for (const timer of removeTimers.values()) clearTimeout(timer);
  removeTimers.clear();
  dispatch({ type: 'remove' });
}

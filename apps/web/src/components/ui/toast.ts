import type { ExternalToast, toast as sonnerToast } from 'sonner';

type SonnerToast = typeof sonnerToast;
type Message = Parameters<SonnerToast>[0];
type TypedMessage = Parameters<SonnerToast['error']>[0];

/**
 * The app's toasts, with Sonner's calls (`toast()`, `toast.error()`, …): Sonner is not in the
 * home page's first download but loads with the toast region after the first paint. A toast asked
 * for before then waits and is shown, with its texts and options, once the region is on the page
 * (so a screen reader announces it); after that every call goes straight to Sonner.
 */
let sonner: SonnerToast | undefined;
let waiting: ((target: SonnerToast) => void)[] = [];

function send(call: (target: SonnerToast) => void): void {
  if (sonner) call(sonner);
  else waiting.push(call);
}

/** Called by the toast region once it is on the page: shows the toasts that waited for it. */
export function connectToasts(target: SonnerToast): void {
  sonner = target;
  const calls = waiting;
  waiting = [];
  for (const call of calls) call(target);
}

export const toast = Object.assign(
  (message: Message, data?: ExternalToast): void => {
    send((target) => target(message, data));
  },
  {
    success: (message: TypedMessage, data?: ExternalToast): void => {
      send((target) => target.success(message, data));
    },
    info: (message: TypedMessage, data?: ExternalToast): void => {
      send((target) => target.info(message, data));
    },
    warning: (message: TypedMessage, data?: ExternalToast): void => {
      send((target) => target.warning(message, data));
    },
    error: (message: TypedMessage, data?: ExternalToast): void => {
      send((target) => target.error(message, data));
    },
    message: (message: TypedMessage, data?: ExternalToast): void => {
      send((target) => target.message(message, data));
    },
    /** Dismisses a toast, or every toast without an id (those still waiting included). */
    dismiss: (id?: number | string): void => {
      if (id === undefined) waiting = [];
      if (sonner) sonner.dismiss(id);
    },
  },
);

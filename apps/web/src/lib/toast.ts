/**
 * The one way the app shows toasts, with the spec's durations: info 2 s, success 3 s, error 5 s.
 * Sonner and the `<Toaster>` load on the first toast, not with the first chunk (ADR 0105); a toast
 * raised before the Toaster has mounted is shown when it does (Sonner
 * replays the active toasts to a new subscriber).
 */
export const TOAST_DURATIONS = { info: 2000, success: 3000, error: 5000 } as const;

type Toast = typeof import('sonner')['toast'];

let sonner: Promise<typeof import('sonner')> | undefined;
const listeners = new Set<() => void>();
/** Sonner's module, loaded once, on the first toast. */
export const loadSonner = () => {
  if (!sonner) {
    sonner = import('sonner');
    for (const listener of listeners) listener();
  }
  return sonner;
};

/** Whether a toast was asked for yet (for `useSyncExternalStore`): the Toaster mounts from then on. */
export const toastsRequested = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => sonner !== undefined,
};

const show = (raise: (toast: Toast) => void) => {
  void loadSonner().then(({ toast }) => raise(toast));
};

export const notify = {
  info: (message: string, description?: string) =>
    show((toast) => toast.info(message, { description, duration: TOAST_DURATIONS.info })),
  success: (message: string, description?: string) =>
    show((toast) => toast.success(message, { description, duration: TOAST_DURATIONS.success })),
  error: (message: string, description?: string) =>
    show((toast) => toast.error(message, { description, duration: TOAST_DURATIONS.error })),
  /** An information toast with one action button (e.g. "Go Back"), shown for `duration` ms. */
  withAction: (message: string, duration: number, action?: { label: string; onClick: () => void }) =>
    show((toast) => toast.info(message, { duration, ...(action ? { action } : {}) })),
};

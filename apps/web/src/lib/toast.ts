/** The one way the app shows toasts, with the spec's durations: info 2 s, success 3 s, error 5 s. */
import { toast } from 'sonner';

export const TOAST_DURATIONS = { info: 2000, success: 3000, error: 5000 } as const;

export const notify = {
  info: (message: string, description?: string) =>
    toast.info(message, { description, duration: TOAST_DURATIONS.info }),
  success: (message: string, description?: string) =>
    toast.success(message, { description, duration: TOAST_DURATIONS.success }),
  error: (message: string, description?: string) =>
    toast.error(message, { description, duration: TOAST_DURATIONS.error }),
};

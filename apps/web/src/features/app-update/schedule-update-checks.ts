/** Asks the service worker registration for updates every interval and whenever the window gets focus. */
export interface UpdatableRegistration {
  update: () => Promise<unknown>;
}

export function scheduleUpdateChecks(
  registration: UpdatableRegistration,
  intervalMs: number,
  target: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setInterval' | 'clearInterval'> = window,
): () => void {
  const check = () => {
    // An offline check fails harmlessly; the next one tries again.
    registration.update().catch(() => undefined);
  };
  const timer = target.setInterval(check, intervalMs);
  target.addEventListener('focus', check);
  return () => {
    target.clearInterval(timer);
    target.removeEventListener('focus', check);
  };
}

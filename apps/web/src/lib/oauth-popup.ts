/**
 * The 600x600 sign-in popup used by Slack and the cloud drives. It is opened synchronously in the
 * click (so no popup blocker fires) and pointed at the provider once the server gave the URL; the
 * /auth/callback page posts the provider's answer back here.
 */
export const OAUTH_POPUP_SIZE = 600;
export const OAUTH_POPUP_TIMEOUT_MS = 5 * 60 * 1000;
/** How often the opener looks whether the popup was closed. */
export const OAUTH_POPUP_CHECK_MS = 500;
export const OAUTH_MESSAGE_TYPE = 'oauth-callback';

export interface OauthCallbackMessage {
  type: typeof OAUTH_MESSAGE_TYPE;
  code: string | null;
  state: string | null;
  error: string | null;
}

export function isOauthCallbackMessage(data: unknown): data is OauthCallbackMessage {
  return (
    typeof data === 'object' && data !== null && (data as { type?: unknown }).type === OAUTH_MESSAGE_TYPE
  );
}

export interface OauthPopup {
  /** Points the popup at the provider and waits for its answer. */
  navigate(url: string): void;
  close(): void;
}

/**
 * Returns null when the browser blocked the popup. `onResult` gets the callback's message;
 * `onClosed` runs when the user closed it by hand or it was force-closed after 5 minutes.
 */
export function openOauthPopup(handlers: {
  onResult: (message: OauthCallbackMessage) => void;
  onClosed: () => void;
}): OauthPopup | null {
  const left = Math.max(0, window.screenX + (window.outerWidth - OAUTH_POPUP_SIZE) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - OAUTH_POPUP_SIZE) / 2);
  const popup = window.open(
    'about:blank',
    'oauth-popup',
    `width=${OAUTH_POPUP_SIZE},height=${OAUTH_POPUP_SIZE},left=${left},top=${top}`,
  );
  if (!popup) return null;
  let done = false;
  const finish = () => {
    done = true;
    window.removeEventListener('message', onMessage);
    window.clearInterval(watcher);
    window.clearTimeout(timeout);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin || !isOauthCallbackMessage(event.data)) return;
    finish();
    popup.close();
    handlers.onResult(event.data);
  };
  window.addEventListener('message', onMessage);
  // The callback page posts its answer and then closes itself, so the popup can be seen closed before
  // the message, queued first, has been handled: a closed popup counts as closed by hand only when it
  // is still closed with no answer one check later.
  let seenClosed = false;
  const watcher = window.setInterval(() => {
    if (done || !popup.closed) return;
    if (!seenClosed) {
      seenClosed = true;
      return;
    }
    finish();
    handlers.onClosed();
  }, OAUTH_POPUP_CHECK_MS);
  const timeout = window.setTimeout(() => {
    if (done) return;
    finish();
    popup.close();
    handlers.onClosed();
  }, OAUTH_POPUP_TIMEOUT_MS);
  return {
    navigate(url) {
      popup.location.href = url;
    },
    close() {
      finish();
      popup.close();
    },
  };
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OAUTH_MESSAGE_TYPE, OAUTH_POPUP_CHECK_MS, openOauthPopup } from './oauth-popup';

/** Opens the popup on a fake window.open; `popup.closed` is what the callback page's close sets. */
function openPopup() {
  const popup = { closed: false, close: vi.fn(), location: { href: 'about:blank' } };
  vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  const onResult = vi.fn();
  const onClosed = vi.fn();
  openOauthPopup({ onResult, onClosed });
  return { popup, onResult, onClosed };
}

const answer = { type: OAUTH_MESSAGE_TYPE, code: 'the-code', state: 'the-state', error: null };
const post = (origin = window.location.origin) =>
  window.dispatchEvent(new MessageEvent('message', { data: answer, origin }));

describe('the OAuth popup', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('takes the answer the callback posted even when the popup is seen closed before the message', async () => {
    const { popup, onResult, onClosed } = openPopup();
    // The callback page closed itself; the opener's check runs before the posted message arrives.
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(OAUTH_POPUP_CHECK_MS);
    post();
    await vi.advanceTimersByTimeAsync(OAUTH_POPUP_CHECK_MS * 4);
    expect(onResult).toHaveBeenCalledWith(answer);
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('reports a popup closed by hand, without an answer, once', async () => {
    const { popup, onResult, onClosed } = openPopup();
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(OAUTH_POPUP_CHECK_MS * 4);
    expect(onClosed).toHaveBeenCalledTimes(1);
    // A late message is not taken any more.
    post();
    expect(onResult).not.toHaveBeenCalled();
  });

  it('ignores a message from another origin', async () => {
    const { onResult } = openPopup();
    post('https://evil.example');
    expect(onResult).not.toHaveBeenCalled();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OAUTH_MESSAGE_TYPE, OAUTH_POPUP_CHECK_MS, openOauthPopup } from './oauth-popup';

/** A popup as window.open returns it: closed once the callback page closed itself. */
function fakePopup() {
  const popup = { closed: false, close: vi.fn(), location: { href: 'about:blank' } };
  vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  return popup;
}

const answer = { type: OAUTH_MESSAGE_TYPE, code: 'the-code', state: 'the-state', error: null };

describe('the OAuth popup', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('takes the answer the callback posted even when the popup is seen closed before the message', async () => {
    const popup = fakePopup();
    const onResult = vi.fn();
    const onClosed = vi.fn();
    openOauthPopup({ onResult, onClosed });
    // The callback page closed itself; the opener's check runs before the posted message arrives.
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(OAUTH_POPUP_CHECK_MS);
    window.dispatchEvent(new MessageEvent('message', { data: answer, origin: window.location.origin }));
    await vi.advanceTimersByTimeAsync(OAUTH_POPUP_CHECK_MS * 4);
    expect(onResult).toHaveBeenCalledWith(answer);
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('reports a popup closed by hand, without an answer, once', async () => {
    const popup = fakePopup();
    const onResult = vi.fn();
    const onClosed = vi.fn();
    openOauthPopup({ onResult, onClosed });
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(OAUTH_POPUP_CHECK_MS * 4);
    expect(onClosed).toHaveBeenCalledTimes(1);
    // A late message is not taken any more.
    window.dispatchEvent(new MessageEvent('message', { data: answer, origin: window.location.origin }));
    expect(onResult).not.toHaveBeenCalled();
  });

  it('ignores a message from another origin', async () => {
    fakePopup();
    const onResult = vi.fn();
    openOauthPopup({ onResult, onClosed: vi.fn() });
    window.dispatchEvent(new MessageEvent('message', { data: answer, origin: 'https://evil.example' }));
    expect(onResult).not.toHaveBeenCalled();
  });
});

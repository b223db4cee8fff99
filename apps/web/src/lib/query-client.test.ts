import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch } from './api-client.ts';
import { createQueryClient, installSessionEndHandler, SESSION_ENDED_MESSAGE } from './query-client.ts';
import { meQueryKey } from './session.ts';
import { notify } from './toast.ts';

vi.mock('./toast.ts', () => ({ notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

function answer401() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'You must be signed in.' } }),
          {
            status: 401,
            headers: { 'content-type': 'application/json' },
          },
        ),
    ),
  );
}

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  vi.unstubAllGlobals();
  vi.mocked(notify.error).mockClear();
});

describe('a revoked session', () => {
  it('ends the signed-in page on the first 401 from /api/v1, with a toast', async () => {
    const client = createQueryClient();
    uninstall = installSessionEndHandler(client);
    client.setQueryData(meQueryKey, { user: { id: 'u' } } as never);
    answer401();
    await expect(apiFetch('/api/v1/holidays/requests', { method: 'POST', body: {} })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(client.getQueryData(meQueryKey)).toBeNull();
    expect(notify.error).toHaveBeenCalledWith(SESSION_ENDED_MESSAGE);
  });

  it('says nothing when nobody was signed in, or for a 401 outside /api/v1 (a wrong password)', async () => {
    const client = createQueryClient();
    uninstall = installSessionEndHandler(client);
    answer401();
    await expect(apiFetch('/api/v1/me')).rejects.toBeInstanceOf(ApiError);
    client.setQueryData(meQueryKey, { user: { id: 'u' } } as never);
    await expect(apiFetch('/api/auth/sign-in/email', { method: 'POST', body: {} })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(client.getQueryData(meQueryKey)).toEqual({ user: { id: 'u' } });
    expect(notify.error).not.toHaveBeenCalled();
  });
});

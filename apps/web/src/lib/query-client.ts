/**
 * The app's TanStack Query client: no retries on 4xx, one retry on network and server errors. A 401
 * from /api/v1 while someone is signed in means the session was revoked: the session query becomes
 * null at once (the route guard then sends the page to /auth, with the way back) and a toast says why.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError, setUnauthorizedHandler } from './api-client.ts';
import { meQueryKey } from './session.ts';
import { notify } from './toast.ts';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: true,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}

/** Makes a 401 from /api/v1 end the page's session in `client`; returns the uninstaller. */
export function installSessionEndHandler(client: QueryClient): () => void {
  setUnauthorizedHandler(() => {
    // Nobody was signed in (the first /me, the auth pages): nothing ended.
    if (!client.getQueryData(meQueryKey)) return;
    client.setQueryData(meQueryKey, null);
    notify.error(SESSION_ENDED_MESSAGE);
  });
  return () => setUnauthorizedHandler(null);
}

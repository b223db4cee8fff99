/** POST /:provider/auth-url, the sign-in popup, then POST /oauth/complete: connect OneDrive or Drive. */
import {
  CLOUD_MESSAGES,
  CLOUD_PROVIDER_LABELS,
  type CloudProvider,
} from '@hr/shared/cloud-storage/cloud-storage.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { apiFetch } from '@/lib/api-client';
import { openOauthPopup } from '@/lib/oauth-popup';
import { notify } from '@/lib/toast';
import { cloudStorageQueryKey } from './get-cloud-storage';

const POPUP_BLOCKED = 'Failed to open authorization popup. Please allow popups and try again.';

export function useConnectCloudProvider() {
  const queryClient = useQueryClient();
  /** The provider whose popup is open (spec: pending while the popup is open, cleared when it closes). */
  const [pending, setPending] = useState<CloudProvider | null>(null);

  const connect = useCallback(
    (provider: CloudProvider) => {
      const refresh = () => queryClient.invalidateQueries({ queryKey: cloudStorageQueryKey });
      const popup = openOauthPopup({
        onResult: async ({ code, state, error }) => {
          try {
            if (error || !code || !state) throw new Error(error ?? CLOUD_MESSAGES.authFailed);
            await apiFetch('/api/v1/cloud-storage/oauth/complete', { method: 'POST', body: { code, state } });
            notify.success(`${CLOUD_PROVIDER_LABELS[provider]} connected`);
          } catch {
            notify.error(CLOUD_MESSAGES.authFailed);
          } finally {
            setPending(null);
            void refresh();
          }
        },
        onClosed: () => setPending(null),
      });
      if (!popup) {
        notify.error(CLOUD_MESSAGES.authFailed, POPUP_BLOCKED);
        return;
      }
      setPending(provider);
      apiFetch<{ authUrl: string }>(`/api/v1/cloud-storage/${provider}/auth-url`, { method: 'POST' })
        .then(({ authUrl }) => popup.navigate(authUrl))
        .catch(() => {
          popup.close();
          setPending(null);
          notify.error(CLOUD_MESSAGES.authFailed);
        });
    },
    [queryClient],
  );

  return { connect, pending };
}

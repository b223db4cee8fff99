/**
 * Registers /sw.js in prompt mode, checks for a new version every 30 minutes and on window focus,
 * and shows the App Update Available dialog when a new worker is waiting.
 */

import { useRegisterSW } from 'virtual:pwa-register/react';
import { useEffect, useState } from 'react';
import { appConfig } from '@/lib/config';
import { scheduleUpdateChecks } from '../schedule-update-checks';
import { AppUpdateDialog } from './app-update-dialog';

/** The version of the build now on the server (written to /version.json by vite.config.ts). */
async function fetchAvailableVersion(): Promise<string | null> {
  try {
    const response = await fetch('/version.json', { cache: 'no-store' });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'version' in body && typeof body.version === 'string') {
      return body.version;
    }
  } catch {
    // Offline: the dialog still offers the update, without a version number.
  }
  return null;
}

export function AppUpdatePrompt() {
  const [stopChecks, setStopChecks] = useState<(() => void) | null>(null);
  const [version, setVersion] = useState<string | null>(null);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_swUrl, registration) {
      if (registration)
        setStopChecks(() => scheduleUpdateChecks(registration, appConfig.updateCheckIntervalMs));
    },
  });

  useEffect(() => () => stopChecks?.(), [stopChecks]);

  useEffect(() => {
    if (needRefresh) void fetchAvailableVersion().then(setVersion);
  }, [needRefresh]);

  return (
    <AppUpdateDialog
      open={needRefresh}
      availableVersion={version}
      currentVersion={__APP_VERSION__}
      onLater={() => setNeedRefresh(false)}
      onUpdateNow={() => void updateServiceWorker(true)}
    />
  );
}

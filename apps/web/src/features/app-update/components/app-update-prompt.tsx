/**
 * Registers /sw.js in prompt mode, checks for a new version every 30 minutes and on window focus,
 * and shows the App Update Available dialog when a new worker is waiting.
 */

import { useRegisterSW } from 'virtual:pwa-register/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { appConfig } from '@/lib/config';
import { scheduleUpdateChecks } from '../schedule-update-checks';

// The dialog (and Radix's dialog with it) loads only when a new version is waiting: this prompt sits
// in every page's first route, the sign-in page's too (ADR 0105).
const AppUpdateDialog = lazy(() =>
  import('./app-update-dialog').then((module) => ({ default: module.AppUpdateDialog })),
);

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

  // Once shown, the dialog stays mounted so that closing it animates and returns focus as usual.
  const shown = useRef(false);
  if (needRefresh) shown.current = true;
  if (!shown.current) return null;
  return (
    <Suspense fallback={null}>
      <AppUpdateDialog
        open={needRefresh}
        availableVersion={version}
        currentVersion={__APP_VERSION__}
        onLater={() => setNeedRefresh(false)}
        onUpdateNow={() => void updateServiceWorker(true)}
      />
    </Suspense>
  );
}

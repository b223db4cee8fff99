/**
 * Registers /sw.js in prompt mode and shows "App Update Available" with the new version when a
 * new worker is waiting: Later dismisses it, Update Now activates the worker and reloads.
 */

import { useRegisterSW } from 'virtual:pwa-register/react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { appConfig } from '@/lib/config';
import { scheduleUpdateChecks } from '../schedule-update-checks';

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

export function AppUpdateDialog() {
  const [stopChecks, setStopChecks] = useState<(() => void) | null>(null);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_swUrl, registration) {
      if (registration)
        setStopChecks(() => scheduleUpdateChecks(registration, appConfig.updateCheckIntervalMs));
    },
  });
  const [version, setVersion] = useState<string | null>(null);

  useEffect(() => () => stopChecks?.(), [stopChecks]);

  useEffect(() => {
    if (needRefresh) void fetchAvailableVersion().then(setVersion);
  }, [needRefresh]);

  return (
    <Dialog open={needRefresh} onOpenChange={setNeedRefresh}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>App Update Available</DialogTitle>
          <DialogDescription>
            {version ? `Version ${version} is ready to install.` : 'A new version is ready to install.'} You
            are using version {__APP_VERSION__}.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => setNeedRefresh(false)}>
            Later
          </Button>
          <Button onClick={() => void updateServiceWorker(true)}>Update Now</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export default AppUpdateDialog;

/** "App Update Available": names the waiting version and offers Later and Update Now. */
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

export interface AppUpdateDialogProps {
  open: boolean;
  /** The version waiting to be activated, when known. */
  availableVersion: string | null;
  currentVersion: string;
  onLater: () => void;
  onUpdateNow: () => void;
}

export function AppUpdateDialog({
  open,
  availableVersion,
  currentVersion,
  onLater,
  onUpdateNow,
}: AppUpdateDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onLater()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>App Update Available</DialogTitle>
          <DialogDescription>
            {availableVersion
              ? `Version ${availableVersion} is ready to install.`
              : 'A new version is ready to install.'}{' '}
            You are using version {currentVersion}.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onLater}>
            Later
          </Button>
          <Button onClick={onUpdateNow}>Update Now</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

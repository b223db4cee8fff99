/**
 * The Select Company dialog opened from the header menu (developers only). The company list and
 * the switch itself arrive with the administration feature; until then it shows the current company.
 */
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

export function SelectCompanyDialog({
  open,
  onOpenChange,
  currentCompanyName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentCompanyName: string | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Select Company</DialogTitle>
          <DialogDescription>Choose the company you want to work in.</DialogDescription>
        </DialogHeader>
        <div className="rounded-md border p-3 text-sm">
          <p className="text-muted-foreground">Current company</p>
          <p className="font-medium">{currentCompanyName ?? 'No company'}</p>
        </div>
        <p className="text-sm text-muted-foreground">The list of companies is not available yet.</p>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled>Switch</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The Slack connection card in a dialog, for those who connect from the header: its own chunk, loaded
 * when Connect Slack is first pointed at, focused or pressed (ADR 0130).
 */
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SlackIntegrationTab } from './slack-integration-tab';

export default function SlackConnectDialog({
  open,
  onOpenChange,
  readOnly,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  readOnly: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Slack Integration</DialogTitle>
          <DialogDescription>Connect your Slack account to chat from Northwind HR.</DialogDescription>
        </DialogHeader>
        <SlackIntegrationTab readOnly={readOnly} />
      </DialogContent>
    </Dialog>
  );
}

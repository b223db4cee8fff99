/** The one approve / reject dialog: a comment Optional for approve, Required for reject. */
import { HOLIDAY_MESSAGES, HOLIDAY_TYPE_LABELS } from '@hr/shared/hr/holiday-constants';
import type { PendingApproval } from '@hr/shared/hr/holidays.schemas';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { othersAwayText, remainingText } from '../lib/approval-context';
import { formatDateRange, pluralDays } from '../lib/dates';

export type Decision = 'approve' | 'reject';

export interface DecisionDialogProps {
  request: PendingApproval | null;
  decision: Decision;
  pending: boolean;
  onConfirm: (comment: string) => void;
  onClose: () => void;
}

export function DecisionDialog({ request, decision, pending, onConfirm, onClose }: DecisionDialogProps) {
  const [comment, setComment] = useState('');
  const reject = decision === 'reject';
  const blocked = pending || (reject && comment.trim() === '');
  const close = () => {
    if (pending) return;
    setComment('');
    onClose();
  };
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{reject ? 'Reject Holiday Request' : 'Approve Holiday Request'}</DialogTitle>
          <DialogDescription>
            {request
              ? `${request.requesterName || HOLIDAY_MESSAGES.unknownEmployee}: ${HOLIDAY_TYPE_LABELS[request.holidayType]}, ${formatDateRange(request.startDate, request.endDate)} (${pluralDays(request.workingDays, 'working day')}).`
              : ''}
          </DialogDescription>
          {request && (
            <p className="text-sm" data-testid="decision-context">
              {remainingText(request)}. {othersAwayText(request)}.
            </p>
          )}
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!blocked) onConfirm(comment.trim());
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor="decision-comment">
              Comment{' '}
              <span className="font-normal text-muted-foreground">
                ({reject ? 'Required for reject' : 'Optional for approve'})
              </span>
            </Label>
            <Textarea
              id="decision-comment"
              rows={3}
              maxLength={1000}
              value={comment}
              aria-required={reject}
              onChange={(event) => setComment(event.target.value)}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant={reject ? 'destructive' : 'default'} disabled={blocked}>
              {pending ? 'Saving...' : reject ? 'Reject' : 'Approve'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

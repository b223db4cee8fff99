/** Confirmation before a requester withdraws their own request. */
import { HOLIDAY_MESSAGES, HOLIDAY_TYPE_LABELS, type HolidayRequest } from '@hr/shared/hr/holidays.schemas';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useCancelHolidayRequest } from '../api/cancel-request';
import { formatDateRange } from '../lib/dates';

export function CancelRequestDialog({
  request,
  onClose,
}: {
  request: HolidayRequest | null;
  onClose: () => void;
}) {
  const cancel = useCancelHolidayRequest();
  const confirm = () => {
    if (!request) return;
    cancel.mutate(request.id, {
      onSuccess: () => {
        notify.success(HOLIDAY_MESSAGES.cancelled);
        onClose();
      },
      onError: (error) => notify.error(HOLIDAY_MESSAGES.cancelFailed, errorMessage(error)),
    });
  };
  return (
    <AlertDialog open={request !== null} onOpenChange={(open) => !open && !cancel.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel Holiday Request</AlertDialogTitle>
          <AlertDialogDescription>
            {request
              ? `Cancel your ${HOLIDAY_TYPE_LABELS[request.holidayType]} request for ${formatDateRange(request.startDate, request.endDate)}? The days will be free again.`
              : ''}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancel.isPending}>Keep Request</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel Request'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

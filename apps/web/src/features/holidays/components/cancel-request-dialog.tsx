/** Confirmation before a requester withdraws their own request. */
import { HOLIDAY_MESSAGES, HOLIDAY_TYPE_LABELS } from '@hr/shared/hr/holiday-constants';
import type { HolidayRequest } from '@hr/shared/hr/holidays.schemas';
import { PendingConfirmDialog } from '@/components/pending-confirm-dialog';
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
    <PendingConfirmDialog
      open={request !== null}
      title="Cancel Holiday Request"
      description={
        request
          ? `Cancel your ${HOLIDAY_TYPE_LABELS[request.holidayType]} request for ${formatDateRange(request.startDate, request.endDate)}? The days will be free again.`
          : ''
      }
      cancelLabel="Keep Request"
      confirmLabel="Cancel Request"
      pendingLabel="Cancelling..."
      pending={cancel.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

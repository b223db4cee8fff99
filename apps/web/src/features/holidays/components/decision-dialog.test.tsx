import type { PendingApproval } from '@hr/shared/hr/holidays.schemas';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DecisionDialog } from './decision-dialog';

const request: PendingApproval = {
  id: '00000000-0000-4000-8000-000000000001',
  employeeRecordId: '00000000-0000-4000-8000-000000000002',
  userId: null,
  lineManagerId: null,
  startDate: '2030-03-11',
  endDate: '2030-03-13',
  holidayType: 'annual',
  reason: null,
  status: 'pending',
  workingDays: 3,
  daysRequested: 3,
  submittedAt: '2030-03-01T10:00:00.000Z',
  reviewedBy: null,
  reviewedAt: null,
  reviewerComments: null,
  startHalfDay: false,
  endHalfDay: false,
  splitGroupId: null,
  requesterName: 'Alice Anders',
  requesterEmail: 'alice@northwind.example',
  remainingDays: 12.5,
  othersAway: ['Tom Turner'],
};

describe('DecisionDialog', () => {
  it('keeps Reject disabled while the comment is blank', () => {
    const onConfirm = vi.fn();
    render(
      <DecisionDialog
        request={request}
        decision="reject"
        pending={false}
        onConfirm={onConfirm}
        onClose={vi.fn()}
      />,
    );
    const comment = screen.getByLabelText(/Comment/);
    expect(screen.getByText('(Required for reject)')).toBeTruthy();
    const reject = screen.getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    expect(reject.disabled).toBe(true);
    fireEvent.change(comment, { target: { value: '   ' } });
    expect(reject.disabled).toBe(true);
    fireEvent.change(comment, { target: { value: ' Short-staffed that week ' } });
    expect(reject.disabled).toBe(false);
    fireEvent.click(reject);
    expect(onConfirm).toHaveBeenCalledWith('Short-staffed that week');
  });

  it('lets Approve go without a comment', () => {
    const onConfirm = vi.fn();
    render(
      <DecisionDialog
        request={request}
        decision="approve"
        pending={false}
        onConfirm={onConfirm}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByText('(Optional for approve)')).toBeTruthy();
    const approve = screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    expect(approve.disabled).toBe(false);
    fireEvent.click(approve);
    expect(onConfirm).toHaveBeenCalledWith('');
  });

  it('names the requester, or Unknown Employee', () => {
    render(
      <DecisionDialog
        request={{ ...request, requesterName: '' }}
        decision="approve"
        pending={false}
        onConfirm={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByText(/^Unknown Employee: Annual Leave/)).toBeTruthy();
  });

  it("shows the server's remaining days and who else is away", () => {
    render(
      <DecisionDialog
        request={request}
        decision="approve"
        pending={false}
        onConfirm={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByTestId('decision-context').textContent).toBe(
      '12.5 days remaining. Also away: Tom Turner.',
    );
  });
});

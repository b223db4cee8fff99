import type { JobSummary } from '@hr/shared/workshop/workshop.schemas';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { JobCard } from './job-card';

const job: JobSummary = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'CNV-300 - Conveyor section',
  workOrderNumber: 'WO-1004',
  status: 'in-progress',
  deadline: '2030-03-11',
  isOverdue: true,
  isComplete: false,
  issued: false,
  comments: 'Belt supplier confirmed the second belt for Thursday.',
  quantityRequired: 2,
  list: 'orders',
  isNew: true,
  partCounts: { total: 6, ready: 3, toOrder: 2, awaiting: 1 },
};

describe('JobCard', () => {
  it('shows the part counts of the summary, the labels and the notes', () => {
    const onOpen = vi.fn();
    render(<JobCard job={job} onOpen={onOpen} onMarkScheduled={vi.fn()} />);
    const card = screen.getByRole('article', { name: 'WO-1004 CNV-300 - Conveyor section' });
    expect(card.textContent).toContain('Parts ready 3 of 6');
    expect(card.textContent).toContain('2 to order');
    expect(card.textContent).toContain('1 awaiting delivery');
    expect(card.textContent).toContain('(Overdue)');
    expect(screen.getByText('New')).toBeTruthy();
    expect(screen.getByText('Belt supplier confirmed the second belt for Thursday.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open WO-1004' }));
    expect(onOpen).toHaveBeenCalledWith(job);
  });

  it('leaves out counts that are zero', () => {
    render(
      <JobCard
        job={{ ...job, partCounts: { total: 6, ready: 6, toOrder: 0, awaiting: 0 } }}
        onOpen={vi.fn()}
      />,
    );
    const card = screen.getByRole('article');
    expect(card.textContent).toContain('Parts ready 6 of 6');
    expect(card.textContent).not.toContain('to order');
    expect(card.textContent).not.toContain('awaiting delivery');
  });
});

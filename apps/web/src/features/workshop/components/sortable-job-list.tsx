/**
 * A job list the workshop can reorder by drag and drop, with the mouse, touch or the keyboard
 * (focus a handle, Space to pick up, arrow keys to move, Space to drop, Escape to cancel).
 */
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { JobSummary } from '@hr/shared/workshop/workshop.schemas';
import { GripVertical } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/class-names';

function SortableItem({
  job,
  disabled,
  children,
}: {
  job: JobSummary;
  disabled: boolean;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: job.id,
      disabled,
    });
  const handle = disabled ? undefined : (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Reorder ${job.workOrderNumber}`}
      className="mt-0.5 inline-flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing"
    >
      <GripVertical className="size-5" aria-hidden="true" />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      data-testid="job-item"
      data-work-order={job.workOrderNumber}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn('min-w-0', isDragging && 'relative z-10 opacity-80 shadow-lg')}
    >
      {children(handle)}
    </li>
  );
}

export function SortableJobList({
  jobs,
  label,
  disabled,
  onReorder,
  renderJob,
}: {
  jobs: JobSummary[];
  label: string;
  disabled: boolean;
  onReorder: (ids: string[]) => void;
  renderJob: (job: JobSummary, handle: ReactNode) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => jobs.find((j) => j.id === id)?.workOrderNumber ?? 'Job';
  const positionOf = (id: string | number) => jobs.findIndex((j) => j.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} of ${jobs.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over position ${positionOf(over.id)} of ${jobs.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${jobs.length}.` : undefined,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = jobs.findIndex((j) => j.id === active.id);
    const to = jobs.findIndex((j) => j.id === over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(jobs, from, to).map((j) => j.id));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To reorder a job, press Space to pick it up, use the arrow keys to move it, and press Space again to drop it. Press Escape to cancel.',
        },
      }}
    >
      <SortableContext items={jobs.map((j) => j.id)} strategy={verticalListSortingStrategy}>
        <ol aria-label={label} className="grid grid-cols-1 gap-2">
          {jobs.map((job) => (
            <SortableItem key={job.id} job={job} disabled={disabled}>
              {(handle) => renderJob(job, handle)}
            </SortableItem>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

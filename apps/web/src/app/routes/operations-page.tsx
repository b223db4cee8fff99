/** /operations: the workshop's job board (Orders, Stock, Complete) with the shared schedule. */
import { JobBoard } from '@/features/workshop/components/job-board';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { routeTitle } from '@/lib/route-titles';

export default function OperationsPage() {
  usePageTitle(routeTitle(paths.operations));
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Operations</h1>
      <p className="mt-1 mb-6 text-muted-foreground">
        Order and receive parts, issue jobs to the workshop and keep one schedule for the whole team.
      </p>
      <JobBoard />
    </div>
  );
}

import { CalendarPlus, ListChecks } from 'lucide-react';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { routeTitle } from '@/lib/route-titles';
import { MobileAction } from './mobile-action';

export default function MobileHolidayPage() {
  usePageTitle(routeTitle(paths.mobileHoliday));
  return (
    <section className="mx-auto flex max-w-md flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">Holidays</h1>
        <p className="text-muted-foreground">Book time off and follow your requests.</p>
      </div>
      <MobileAction
        icon={CalendarPlus}
        title="Request Holiday"
        description="Choose your dates"
        to={`${paths.holidays}?tab=request`}
      />
      <MobileAction
        icon={ListChecks}
        title="View Requests"
        description="See the status of your requests"
        to={`${paths.holidays}?tab=requests`}
      />
    </section>
  );
}

import { CalendarPlus, Receipt, Stethoscope } from 'lucide-react';
import { displayName } from '@/lib/initials';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { routeTitle } from '@/lib/route-titles';
import { useMe } from '@/lib/session';
import { MobileAction } from './mobile-action';

export default function MobileHomePage() {
  usePageTitle(routeTitle(paths.mobileHome));
  const { data: me } = useMe();
  const name = me ? displayName({ fullName: me.profile.fullName, email: me.user.email }) : 'User';
  return (
    <section className="mx-auto flex max-w-md flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">Hello, {name}</h1>
        <p className="text-muted-foreground">What would you like to do?</p>
      </div>
      <MobileAction
        icon={CalendarPlus}
        title="Book Holiday"
        description="Request time off"
        to={paths.mobileHoliday}
      />
      <MobileAction
        icon={Stethoscope}
        title="Report Absence"
        description="Sickness or emergency"
        to={paths.mobileAbsence}
      />
      <MobileAction
        icon={Receipt}
        title="Record Expense"
        description="Claim back what you spent"
        to={paths.mobileExpense}
      />
    </section>
  );
}

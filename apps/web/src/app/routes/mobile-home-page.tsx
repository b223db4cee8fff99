import { CalendarPlus, Monitor, Receipt, Stethoscope } from 'lucide-react';
import { canUse } from '@/lib/access';
import { displayName } from '@/lib/initials';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { routeTitle } from '@/lib/route-titles';
import { useMe } from '@/lib/session';
import { routeAccess } from '../route-access';
import { MobileAction } from './mobile-action';

/** ADR 0062: the workshop is desktop-only; a phone user who may use it is told where to open it. */
export const WORKSHOP_ON_PHONE_NOTE =
  'The workshop board and orders need a larger screen: open them on a computer, or on a tablet held in landscape.';

export default function MobileHomePage() {
  usePageTitle(routeTitle(paths.mobileHome));
  const { data: me } = useMe();
  const workshop = me ? canUse(me, routeAccess.operations) || canUse(me, routeAccess.orders) : false;
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
      {workshop && (
        <aside
          aria-labelledby="workshop-on-phone"
          className="flex items-start gap-3 rounded-lg border border-dashed p-4 text-sm"
        >
          <Monitor className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="grid gap-1">
            <h2 id="workshop-on-phone" className="font-semibold">
              Workshop
            </h2>
            <p className="text-muted-foreground">{WORKSHOP_ON_PHONE_NOTE}</p>
          </div>
        </aside>
      )}
    </section>
  );
}

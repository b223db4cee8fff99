import { Phone, Siren, Thermometer } from 'lucide-react';
import { usePageTitle } from '@/lib/page-title';
import { paths, sickLeaveRequestPath } from '@/lib/paths';
import { routeTitle } from '@/lib/route-titles';
import { useMe } from '@/lib/session';
import { MobileAction } from './mobile-action';

export const NO_MANAGER_PHONE_HINT = 'Your line manager has no phone number on file.';
export const NO_MANAGER_HINT = 'You have no line manager assigned.';

export default function MobileAbsencePage() {
  usePageTitle(routeTitle(paths.mobileAbsence));
  const { data: me } = useMe();
  const manager = me?.lineManager ?? null;
  const phone = manager?.phone?.trim();
  const managerHint = manager ? NO_MANAGER_PHONE_HINT : NO_MANAGER_HINT;
  return (
    <section className="mx-auto flex max-w-md flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">Report Absence</h1>
        <p className="text-muted-foreground">Let your team know you can't make it.</p>
      </div>
      <MobileAction
        icon={Thermometer}
        title="Report Sick Leave"
        description="Request sick leave for the days you are off"
        to={sickLeaveRequestPath}
      />
      <MobileAction
        icon={Siren}
        title="Report Emergency"
        description="Tell your line manager about an emergency"
        disabledHint="Emergency reports are not available in the app yet. Please call your line manager."
      />
      <MobileAction
        icon={Phone}
        title="Call Manager"
        description={manager?.fullName ? `Call ${manager.fullName}` : 'Call your line manager'}
        href={phone ? `tel:${phone.replace(/[^\d+]/g, '')}` : undefined}
        disabledHint={phone ? undefined : managerHint}
      />
      <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        For serious emergencies, please call your emergency contact directly.
      </p>
    </section>
  );
}

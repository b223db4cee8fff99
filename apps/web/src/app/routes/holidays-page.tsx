/** /holidays: Holiday Management for every signed-in user; line managers get the Approvals tab. */
import { HolidaysView } from '@/features/holidays/components/holidays-view';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { routeTitle } from '@/lib/route-titles';
import { useMe } from '@/lib/session';

export default function HolidaysPage() {
  usePageTitle(routeTitle(paths.holidays));
  const { data: me } = useMe();
  return (
    <HolidaysView
      isLineManager={me?.profile.isLineManager ?? false}
      isSuperAdmin={me?.role === 'super_admin'}
    />
  );
}

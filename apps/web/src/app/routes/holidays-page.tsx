/** /holidays: Holiday Management for every signed-in user; line managers get the Approvals tab. */
import { HolidaysView } from '@/features/holidays/components/holidays-view';
import { useMe } from '@/lib/session';

export default function HolidaysPage() {
  const { data: me } = useMe();
  return <HolidaysView isLineManager={me?.profile.isLineManager ?? false} />;
}

/** /profile: the signed-in user's own profile. */
import { PROFILE_MESSAGES } from '@hr/shared/profile/profile.schemas';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useProfile } from '@/features/profile/api/get-profile';
import { EmailPreferencesCard } from '@/features/profile/components/email-preferences-card';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { ApiError } from '@/lib/api-client';
import { useMobileLayout } from '@/lib/device';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { routeTitle } from '@/lib/route-titles';
import { useMe } from '@/lib/session';
import { notify } from '@/lib/toast';

export default function ProfilePage() {
  usePageTitle(routeTitle(paths.profile));
  const { data: me } = useMe();
  const profile = useProfile();
  // A phone's dashboard is /mobile-home (the desktop one would only redirect there).
  const back = useMobileLayout() ? paths.mobileHome : paths.home;
  useEffect(() => {
    if (profile.isError) notify.error(PROFILE_MESSAGES.loadFailed);
  }, [profile.isError]);
  if (!me || (profile.error instanceof ApiError && profile.error.status === 401)) {
    return <p className="py-16 text-center text-muted-foreground">{PROFILE_MESSAGES.notSignedIn}</p>;
  }
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div className="flex items-center gap-3">
        <Link to={back} className={buttonClasses('ghost', 'icon')} aria-label="Back to dashboard">
          <ArrowLeft aria-hidden="true" />
        </Link>
        <div>
          <h1 className="text-2xl font-bold tracking-tight">User Profile</h1>
          <p className="text-muted-foreground">Your details as your colleagues see them.</p>
        </div>
      </div>
      {profile.isPending ? (
        <Spinner label="Loading profile" />
      ) : profile.isError ? (
        <LoadError title={PROFILE_MESSAGES.loadFailed} query={profile} />
      ) : (
        // Keyed by id so a refetched profile of another user never mixes into edits.
        <>
          <ProfileForm key={profile.data.id} profile={profile.data} />
          <EmailPreferencesCard />
        </>
      )}
    </div>
  );
}

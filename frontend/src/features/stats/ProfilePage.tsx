import { useParams } from 'react-router-dom';
import { MSG } from '@gotnext/shared';
import { ErrorMessage } from '../../components/Feedback';
import { usePageTitle } from '../../components/usePageTitle';
import { HeadToHead } from './HeadToHead';
import { ProfileView } from './ProfileView';
import { errorText } from '../../api/errors';
import { useProfile } from './statsQueries';
import { ProfileSocialButtons } from '../social/ProfileSocialButtons';
import { SkeletonLines } from '../../components/Skeleton';
import { CourtTitles } from '../courts/CourtTitles';

/**
 * /profile/{userId}: open to visitors. A logged-in viewer of someone else also gets the friend,
 * message and report buttons (docs/product.md#profile-and-stats).
 */
export function ProfilePage() {
  usePageTitle('Profile');
  const { userId } = useParams();
  const id = /^\d+$/.test(userId ?? '') ? Number(userId) : null;
  const { data: profile, error: loadError } = useProfile(id);
  const error = errorText(loadError, MSG.profileError);
  if (id === null)
    return (
      <section className="page card">
        <h1>Profile</h1>
        <ErrorMessage>{MSG.noProfile}</ErrorMessage>
      </section>
    );
  if (error)
    return (
      <section className="page card">
        <h1>Profile</h1>
        <ErrorMessage>{error}</ErrorMessage>
      </section>
    );
  if (!profile)
    return (
      <section className="page card">
        <h1>Profile</h1>
        <SkeletonLines count={3} />
      </section>
    );
  return (
    <ProfileView
      profile={profile}
      actions={<ProfileSocialButtons userId={profile.user_id} username={profile.username} />}
      extra={
        <>
          <CourtTitles userId={profile.user_id} />
          <HeadToHead userId={profile.user_id} />
        </>
      }
    />
  );
}

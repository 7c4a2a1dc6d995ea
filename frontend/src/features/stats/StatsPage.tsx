import { useParams } from 'react-router-dom';
import { MSG } from '@gotnext/shared';
import { ErrorMessage } from '../../components/Feedback';
import { LoginRequired } from '../../components/LoginRequired';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { MyMatchesList } from '../matches/MyMatchesList';
import { ProfileView } from './ProfileView';
import { errorText } from '../../api/errors';
import { useProfile } from './statsQueries';
import { SkeletonLines } from '../../components/Skeleton';

/** /stats (own) and /stats/{userId}: the profile layout with history, no social buttons. */
export function StatsPage() {
  usePageTitle('Stats');
  const params = useParams();
  const ownId = useAuthStore((s) => s.userId);
  const token = useAuthStore((s) => s.token);
  const userId = params.userId ? Number(params.userId) : ownId;
  const { data: profile, error: loadError } = useProfile(token && userId ? userId : null);
  const error = errorText(loadError, MSG.profileError);
  if (!token) return <LoginRequired title="Stats" message={MSG.statsLogin} />;
  if (error)
    return (
      <section className="page card">
        <h1>Stats</h1>
        <ErrorMessage>{error}</ErrorMessage>
      </section>
    );
  if (!profile)
    return (
      <section className="page card">
        <h1>Stats</h1>
        <SkeletonLines count={3} />
      </section>
    );
  return <ProfileView profile={profile} extra={userId === ownId ? <MyMatchesList /> : undefined} />;
}

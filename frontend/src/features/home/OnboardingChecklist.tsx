import { Link } from 'react-router-dom';
import { MSG } from '@gotnext/shared';
import { useAuthStore } from '../../stores/auth';
import { useMe } from '../account/useMe';
import { useUserStats } from '../stats/statsQueries';
import './onboarding.css';

/**
 * A new player's first steps on home (docs/product.md#home): e-mail verified, ID verified, a first
 * match played; each open step links where it is done. Gone once all three are done.
 */
export function OnboardingChecklist() {
  const userId = useAuthStore((s) => s.userId);
  const { data: me } = useMe();
  const stats = useUserStats(userId ?? 0, { fullHistory: false, enabled: userId !== null });
  if (!me || userId === null || !stats.data) return null;
  const steps = [
    { done: me.email_verified, text: MSG.onboardingEmail, to: '/verification' },
    { done: me.id_verified, text: MSG.onboardingId, to: '/verification' },
    { done: stats.data.match_statistics.games_played > 0, text: MSG.onboardingFirstMatch, to: '/create-match' },
  ];
  if (steps.every((s) => s.done)) return null;
  return (
    <section className="card panel onboarding" aria-label="Get started">
      <h2>Get started</h2>
      <ol className="onboarding__steps">
        {steps.map((s) => (
          <li key={s.text} className={s.done ? 'is-done' : ''}>
            <span className="onboarding__mark" aria-hidden="true">
              {s.done ? '✓' : '○'}
            </span>
            {s.done ? <span>{s.text}</span> : <Link to={s.to}>{s.text}</Link>}
            <span className="visually-hidden">{s.done ? ' (done)' : ' (to do)'}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

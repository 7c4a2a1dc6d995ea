import { CENSORED, formatRank, heightShown, type User } from '@gotnext/shared';
import { useRegionRanking } from '../leaderboard/leaderboardQueries';

/** The account's view mode (docs/product.md): Profile Info, Stats, Bio. The censor preference masks the private fields. */
export function AccountView({ user }: { user: User }) {
  // The same number the profile and the boards show (docs/leaderboards.md#region-ranking).
  const ranking = useRegionRanking(user.user_id);
  const censor = user.preferences.censorSensitiveInfo;
  const info: [string, string][] = [
    ['Username', user.username],
    ['Email', censor ? CENSORED : user.email],
    ['Phone', censor ? CENSORED : user.phone_number],
    ['Date of Birth', censor ? CENSORED : user.date_of_birth],
  ];
  const stats: [string, string][] = [
    ['Height', heightShown(user.height) ?? 'N/A'],
    ['Weight', user.weight ?? 'N/A'],
    ['Region', user.state],
    ['Region Ranking', typeof ranking === 'number' ? formatRank(ranking) : 'N/A'],
  ];
  return (
    <div className="account-view">
      <FactsPanel titleId="profile-info-title" title="Profile Info" facts={info} />
      <FactsPanel titleId="stats-title" title="Stats" facts={stats} />
      <section className="card panel" aria-labelledby="bio-title">
        <h2 id="bio-title">Bio</h2>
        <p className="account-bio">{user.bio}</p>
      </section>
    </div>
  );
}

/** A titled card listing label/value pairs. */
function FactsPanel({ titleId, title, facts }: { titleId: string; title: string; facts: [string, string][] }) {
  return (
    <section className="card panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <dl className="facts">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

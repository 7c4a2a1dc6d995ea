import { useState, type ReactNode } from 'react';
import { formatRank, type UserProfile } from '@gotnext/shared';
import { Avatar } from '../../components/Avatar';
import { Link } from 'react-router-dom';
import { FullHistoryModal } from './FullHistoryModal';
import { HistoryList } from './HistoryList';
import { RatingPanel } from './RatingPanel';
import '../matches/matches.css';
import './stats.css';

function Fact({ label, value }: { label: string; value: string | number | null | undefined }) {
  if (value === undefined) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd aria-label={label}>{value === null || value === '' ? 'N/A' : value}</dd>
    </>
  );
}

/**
 * The profile and stats layout (docs/product.md). Fields a player hides are simply absent from the API's answer,
 * so they are not shown here either.
 */
export function ProfileView({ profile, actions, extra }: { profile: UserProfile; actions?: ReactNode; extra?: ReactNode }) {
  const [showHistory, setShowHistory] = useState(false);
  const s = profile.match_statistics;
  return (
    <section className="page card profile">
      <header className="profile__header">
        <Avatar picture={profile.profile_picture} version={profile.profile_picture_version} alt={profile.username} size={80} />
        <div>
          <h1>{profile.username}</h1>
          <p className="muted">{profile.state}</p>
        </div>
      </header>
      {actions}
      <dl className="match-facts profile__facts">
        <Fact label="Rating" value={profile.rating === undefined ? undefined : `${profile.rating}${profile.provisional ? ' (provisional)' : ''}`} />
        <Fact label="Region Ranking" value={profile.region_ranking === undefined ? undefined : profile.region_ranking === null ? 'N/A' : formatRank(profile.region_ranking)} />
        <Fact label="Height" value={profile.height} />
        <Fact label="Weight" value={profile.weight} />
        <Fact label="Wins" value={s.total_wins} />
        <Fact label="Losses" value={s.total_losses} />
        <Fact label="Disputes" value={s.total_disputes} />
        <Fact label="Games Played" value={s.games_played} />
      </dl>
      {profile.bio && <p className="profile__bio">{profile.bio}</p>}
      {extra}
      {profile.rating !== undefined && <RatingPanel userId={profile.user_id} />}
      <p>
        <Link to="/rating">How the rating works</Link>
      </p>
      <h2>Recent Matches</h2>
      <HistoryList entries={profile.recent_matches} />
      <button type="button" className="btn btn--secondary btn--block" onClick={() => setShowHistory(true)}>
        Show Full History
      </button>
      {showHistory && <FullHistoryModal userId={profile.user_id} onClose={() => setShowHistory(false)} />}
    </section>
  );
}

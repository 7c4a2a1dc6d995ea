import { Link, useLocation } from 'react-router-dom';
import type { MyMatch } from '@gotnext/shared';
import { useAuthStore } from '../../stores/auth';
import { useMyMatches } from './matchQueries';
import './play-loop.css';

/** Which open match the banner shows first: one that waits for the player, then the newest. */
const URGENCY: Record<string, number> = { disputed: 0, 'in-progress': 1, ready: 2, waiting: 3 };
export function currentMatch(matches: MyMatch[]): MyMatch | null {
  const rank = (m: MyMatch) => (m.status === 'in-progress' && m.reported ? 1.5 : (URGENCY[m.status] ?? 9));
  return [...matches].sort((a, b) => rank(a) - rank(b))[0] ?? null;
}

/** The one-line state of an open match, in words. */
export function matchLine(m: MyMatch): string {
  const who = m.others.length ? ` vs ${m.others.join(', ')}` : '';
  const state =
    m.status === 'disputed'
      ? m.in_moderation
        ? 'Dispute with ops'
        : 'Disputed: resolve it'
      : m.status === 'in-progress'
        ? m.reported
          ? 'Waiting for the other side'
          : 'In progress: report the score'
        : m.status === 'ready'
          ? 'Ready to start'
          : `Waiting for ${m.players_needed} more player${m.players_needed === 1 ? '' : 's'}`;
  return `${m.match_type}${m.ranked ? ' ranked' : ''}${who} · ${state}`;
}

const STEP_LABEL = { lobby: 'Open lobby', report: 'Report score', resolve: 'Resolve dispute' } as const;

/**
 * The 'Current match' banner under the header (docs/product.md#current-match): the player's most
 * pressing open match, one tap back to its lobby, report page or dispute page. Hidden on that
 * match's own page and when there is none; live like every list (pushes, polling while offline).
 */
export function CurrentMatchBanner() {
  const token = useAuthStore((s) => s.token);
  const { pathname } = useLocation();
  const { data } = useMyMatches();
  if (!token || !data) return null;
  const current = currentMatch(data.matches);
  if (!current) return null;
  // That match's own pages, overall or league ones (its path says which).
  const here = new RegExp(`^/(pregame|scoreboard|report-score\\w*|resolve-dispute[\\w-]*|lmpregame|lmreportscore|league-dispute)/${current.match_id}$`).test(pathname);
  if (here || pathname.startsWith('/admin')) return null;
  const more = data.matches.length - 1;
  return (
    <aside className="current-match" aria-label="Current match">
      <Link className="current-match__link" to={current.path}>
        <span className="current-match__label">Current match</span>
        <span className="current-match__line">{matchLine(current)}</span>
        <span className="current-match__cta">{STEP_LABEL[current.step]} ›</span>
      </Link>
      {more > 0 && (
        <Link className="current-match__more" to="/stats#my-matches">
          +{more} more
        </Link>
      )}
    </aside>
  );
}

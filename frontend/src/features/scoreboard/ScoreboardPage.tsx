import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { MSG, WITNESSED_MSG, gamePoint, lobbyPath, reportScorePath, scoringMeaning, type MatchType, type ScoreboardView } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { SkeletonLines } from '../../components/Skeleton';
import { usePageTitle } from '../../components/usePageTitle';
import { useConnectionLost } from '../../realtime';
import { useAuthStore } from '../../stores/auth';
import { MatchResultCard } from '../matches/MatchResultCard';
import { useMatch } from '../matches/matchQueries';
import { overallScope } from '../matches/overallScope';
import { DifferBanner } from './DifferBanner';
import { keepPageForOffline } from './offlinePage';
import { ScoreColumns } from './ScoreColumns';
import { useScoreboard } from './scoreboardQueries';
import { SCOREBOARD_WORDS as W } from './scoreboardWords';
import { SpectatorLink } from './SpectatorLink';
import { SyncLine } from './SyncLine';
import { useScorer } from './useScorer';
import './scoreboard.css';

/** What the match's status lets the page say under the board, if anything. */
function StatusNote({ view, type }: { view: ScoreboardView; type: MatchType | undefined }) {
  if (view.status === 'setup')
    return (
      <p className="scoreboard__note">
        {W.notStarted}{' '}
        {type && (
          <Link className="scoreboard__inline-link" to={lobbyPath(view.matchId, type)}>
            {W.backToLobby}
          </Link>
        )}
      </p>
    );
  if (view.status === 'cancelled') return <p className="scoreboard__note">{W.cancelled}</p>;
  if (view.status === 'fallback' && type)
    return (
      <div className="scoreboard__note">
        <p>{WITNESSED_MSG.fallback}</p>
        <Link className="btn btn--primary btn--block" to={reportScorePath(view.matchId, type)}>
          {W.reportFallback}
        </Link>
      </div>
    );
  return null;
}

/**
 * /scoreboard/{id} (docs/product.md#scoreboard): a match scored live on the court. A scorer gets
 * the big buttons, Undo, and the word when the two scorers differ; every other player reads the
 * live score; the result card appears by itself once both scorers agree. Taps wait in IndexedDB
 * while the phone is offline (docs/realtime.md#the-scoreboard-offline).
 */
export function ScoreboardPage() {
  usePageTitle(W.title);
  const { matchId } = useParams();
  const id = Number(matchId);
  const token = useAuthStore((s) => s.token);
  const userId = useAuthStore((s) => s.userId);
  const { data: view, error } = useScoreboard(id);
  const { data: match } = useMatch(id, MSG.matchDetailsFailed);
  const role = view?.myScorerTeam ?? null;
  const scorer = useScorer(role ? view : undefined, userId);
  const offline = useConnectionLost();

  // Once a visit, when the page has something to show offline.
  const loaded = view !== undefined;
  useEffect(() => {
    if (loaded) keepPageForOffline();
  }, [loaded]);

  const title = <h1>{W.title}</h1>;
  if (!token)
    return (
      <section className="page card">
        {title}
        <p>{W.loginFirst}</p>
      </section>
    );
  if (!view)
    return (
      <section className="page card">
        {title}
        {error ? <ErrorMessage>{errorText(error, MSG.matchDetailsFailed)}</ErrorMessage> : <SkeletonLines count={3} />}
      </section>
    );

  const live = view.status === 'live' || view.status === 'diverged' || view.status === 'fallback';
  const over = view.final !== null || view.status === 'complete';
  const score = over && view.final ? view.final : role ? scorer.stream.score : view.live;
  const scoring = view.scoringType;
  const canTap = role !== null && live && !scorer.stream.finished;
  return (
    <section className="page scoreboard" aria-labelledby="scoreboard-title">
      <h1 id="scoreboard-title" className="visually-hidden">
        {W.title}
      </h1>
      <p className="scoreboard__rules">{scoringMeaning(scoring)}</p>
      {role && <SyncLine offline={offline} waiting={scorer.waiting} />}
      {!role && !over && <p className="scoreboard__note">{W.readOnly}</p>}
      <ScoreColumns
        teams={view.teams}
        score={score}
        gamePoint={over ? { A: false, B: false } : gamePoint(score, scoring)}
        points={canTap ? view.points : undefined}
        onTap={scorer.tap}
      />
      {role && live && (
        <button type="button" className="btn btn--secondary btn--block scoreboard__undo" disabled={scorer.stream.taps.length === 0} onClick={() => scorer.undo()}>
          {W.undo}
        </button>
      )}
      <ErrorMessage>{role ? scorer.refusal : null}</ErrorMessage>
      {role && view.divergence && !over && <DifferBanner view={view} onUndo={scorer.undo} canUndo={scorer.stream.taps.length > 0} />}
      <StatusNote view={view} type={match?.match_type} />
      {live && view.status !== 'fallback' && match && (
        // The report pages stay for a game kept on paper (docs/product.md#scoreboard).
        <p className="scoreboard__note">
          {W.paperNote}{' '}
          <Link className="scoreboard__inline-link" to={reportScorePath(id, match.match_type)}>
            {W.reportInstead}
          </Link>
        </p>
      )}
      {over && match?.result && <MatchResultCard matchId={id} matchType={match.match_type} result={match.result} scope={overallScope} />}
      <SpectatorLink token={view.spectatorToken} />
    </section>
  );
}

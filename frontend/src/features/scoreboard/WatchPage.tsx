import { useParams } from 'react-router-dom';
import { WITNESSED_MSG, scoreText, scoringMeaning, type SpectatorScoreboard } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { SkeletonLines } from '../../components/Skeleton';
import { usePageTitle } from '../../components/usePageTitle';
import { ScoreColumns } from './ScoreColumns';
import { useSpectatorScoreboard } from './scoreboardQueries';
import { SCOREBOARD_WORDS as W } from './scoreboardWords';
import './scoreboard.css';

/** The final line in words: who won, and the score. */
function FinalLine({ board }: { board: SpectatorScoreboard }) {
  if (!board.final) return null;
  const { A, B } = board.final;
  const winner = A === B ? null : A > B ? board.teams.A.name : board.teams.B.name;
  return (
    <p className="scoreboard__final" role="status">
      {W.final(board.teams.A.name, board.teams.B.name, scoreText(board.final))}
      {winner ? ` · ${W.winner(winner)}` : ''}
    </p>
  );
}

/**
 * /watch/{token} (docs/product.md#scoreboard): the live score for anyone holding the link,
 * logged in or not. Read only; it shows names and the score, never a rating.
 */
export function WatchPage() {
  usePageTitle(W.watchHeading);
  const { token = '' } = useParams();
  const { data: board, error } = useSpectatorScoreboard(token);
  if (!board)
    return (
      <section className="page card">
        <h1>{W.watchHeading}</h1>
        {error ? <ErrorMessage>{errorText(error, WITNESSED_MSG.linkNotFound)}</ErrorMessage> : <SkeletonLines count={3} />}
      </section>
    );
  const score = board.final ?? board.live;
  return (
    <section className="page scoreboard" aria-labelledby="watch-title">
      <h1 id="watch-title" className="visually-hidden">
        {W.watchHeading}
      </h1>
      <p className="scoreboard__rules">{scoringMeaning(board.scoringType)}</p>
      <ScoreColumns teams={board.teams} score={score} gamePoint={board.final ? { A: false, B: false } : board.gamePoint} />
      <FinalLine board={board} />
      {board.status === 'setup' && <p className="scoreboard__note">{W.notStarted}</p>}
    </section>
  );
}

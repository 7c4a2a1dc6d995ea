import type { DisputeDetails } from '@gotnext/shared';
import type { ReportedWords } from './matchScope';

/** What each side reported in a disputed match, in the scope's words (docs/matches.md#disputes). */
export function ReportedScores({ details, words }: { details: DisputeDetails; words: ReportedWords }) {
  if (details.match_type === '1v1') {
    const mine = details.userReportedScore;
    const theirs = details.opponentReportedScore;
    return (
      <>
        <dl className="match-facts" aria-label="Reported scores">
          {words.showType && (
            <>
              <dt>Match Type</dt>
              <dd>{details.match_type}</dd>
            </>
          )}
          <dt>{words.mine}</dt>
          <dd>{mine ? words.side(mine, 'mine') : words.none}</dd>
          <dt>{words.theirs}</dt>
          <dd>{theirs ? words.side(theirs, 'theirs') : words.none}</dd>
        </dl>
        {words.advice && <p className="muted">{words.advice}</p>}
      </>
    );
  }
  const line = (r: DisputeDetails['team_a_report']) => (r ? `Team A ${r.team_a_score} – Team B ${r.team_b_score}` : words.teamNone);
  return (
    <dl className="match-facts" aria-label="Reported scores">
      <dt>Team A reported</dt>
      <dd>{line(details.team_a_report)}</dd>
      <dt>Team B reported</dt>
      <dd>{line(details.team_b_report)}</dd>
    </dl>
  );
}

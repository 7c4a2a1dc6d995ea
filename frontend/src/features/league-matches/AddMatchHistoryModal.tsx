import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_MATCH_TYPE, DEFAULT_SCORING_TYPE, MSG, historyParticipantsProblem, historyTeams, type League, type MatchType, type ScoringType } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { queryKeys } from '../../api/queryKeys';
import { readAgain } from '../../api/readAgain';
import { ErrorMessage } from '../../components/Feedback';
import { FormField } from '../../components/FormField';
import { MatchTypeSelect, ScoringTypeSelect } from '../matches';
import { Modal } from '../../components/Modal';
import { leagueMatchesApi } from './leagueMatchesApi';

/** Now as a datetime-local value (the browser's own time). */
function localNow(): string {
  const d = new Date();
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
}

/**
 * Add Match to History (docs/product.md#league-page, docs/leagues.md#adding-a-past-match): game type, scoring,
 * the members who played (the first half picked is Team A), the team preview, the two scores and
 * when it was played (**Decided**: the spec has no date; the match is rated in played order).
 * Closing unmounts it, which resets the form.
 */
export function AddMatchHistoryModal({ league, onClose, onSaved }: { league: League; onClose: () => void; onSaved: (message: string) => void }) {
  const client = useQueryClient();
  const [type, setType] = useState<MatchType>(DEFAULT_MATCH_TYPE);
  const [scoring, setScoring] = useState<ScoringType>(DEFAULT_SCORING_TYPE);
  const [picked, setPicked] = useState<number[]>([]);
  const [scores, setScores] = useState<[string, string]>(['', '']);
  const [playedAt, setPlayedAt] = useState(localNow);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: leagueMatchesApi.addHistory,
    onSuccess: async (res) => {
      await readAgain(client, { queryKey: queryKeys.league(league.league_id) });
      onSaved(res.message || MSG.historyAdded);
    },
  });
  const nameOf = (id: number) => league.member_details.find((m) => m.user_id === id)?.username ?? '';
  const { teamA, teamB } = historyTeams(picked);
  const labels: [string, string] =
    type === '1v1' ? (picked.length === 2 ? [`${nameOf(picked[0])} Score`, `${nameOf(picked[1])} Score`] : ['Player 1 Score', 'Player 2 Score']) : ['Team A Score', 'Team B Score'];

  const toggle = (id: number) => setPicked((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id]));

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    save.reset();
    const count = historyParticipantsProblem(type, picked.length);
    if (count) return setProblem(count);
    const [a, b] = scores.map((s) => (/^\d{1,3}$/.test(s.trim()) ? Number(s) : null));
    if (a === null || b === null) return setProblem(scores.some((s) => !s.trim()) ? MSG.historyScoresMissing : MSG.scoreInvalid);
    const when = new Date(playedAt);
    if (Number.isNaN(when.getTime())) return setProblem(MSG.playedAtInvalid);
    setProblem(null);
    const finalScore = type === '1v1' ? { [nameOf(picked[0])]: a, [nameOf(picked[1])]: b } : { teamA: a, teamB: b };
    save.mutate({ league_id: league.league_id, matchType: type, scoringType: scoring, participants: picked, finalScore, played_at: when.toISOString() });
  }

  return (
    <Modal title="Add Match to History" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="stack">
        <MatchTypeSelect label="Game Type" value={type} onChange={setType} />
        <ScoringTypeSelect value={scoring} onChange={setScoring} />
        <FormField label="Date Played">
          <input type="datetime-local" value={playedAt} max={localNow()} onChange={(e) => setPlayedAt(e.target.value)} />
        </FormField>
        <fieldset className="league-history__members">
          <legend>Participants</legend>
          {league.member_details.map((m) => (
            <label key={m.user_id} className="check">
              <input type="checkbox" checked={picked.includes(m.user_id)} onChange={() => toggle(m.user_id)} />
              {m.username}
            </label>
          ))}
        </fieldset>
        {type !== '1v1' && picked.length > 0 && (
          <div className="teams" aria-label="Team preview">
            <section aria-label="Team A preview">
              <h3>Team A</h3>
              <p>{teamA.map(nameOf).join(', ') || '—'}</p>
            </section>
            <section aria-label="Team B preview">
              <h3>Team B</h3>
              <p>{teamB.map(nameOf).join(', ') || '—'}</p>
            </section>
          </div>
        )}
        <div className="score-pair">
          {labels.map((label, i) => (
            <FormField key={i} label={label}>
              <input
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                required
                value={scores[i]}
                onChange={(e) => setScores(i === 0 ? [e.target.value, scores[1]] : [scores[0], e.target.value])}
              />
            </FormField>
          ))}
        </div>
        <ErrorMessage>{problem ?? errorText(save.error, MSG.addHistoryError)}</ErrorMessage>
        <button type="submit" className="btn btn--primary btn--block" disabled={save.isPending}>
          Save
        </button>
      </form>
    </Modal>
  );
}

import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, ROUTES, type ScoreboardPlayer, type ScoreboardView, type ScorersResponse, type TeamSide } from '@gotnext/shared';
import { call } from '../../api/client';
import { errorText } from '../../api/errors';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { scoreboardKeys } from './scoreboardCache';
import { useScoreboard } from './scoreboardQueries';
import './scoreboard.css';

const nameOf = (players: ScoreboardPlayer[], id: number | null, me: number | null) => {
  const p = players.find((x) => x.userId === id);
  if (!p) return 'nobody yet';
  return p.userId === me ? `${p.username} (you)` : p.username;
};

type Write = { kind: 'team'; team: TeamSide; userId: number } | { kind: 'propose'; userId: number } | { kind: 'answer'; accept: boolean };

function send(matchId: number, w: Write): Promise<ScorersResponse> {
  const params = { matchId };
  if (w.kind === 'team') return call(ROUTES.chooseScorer, { params, body: { team: w.team, userId: w.userId }, fallback: MSG.tryAgain });
  if (w.kind === 'propose') return call(ROUTES.proposeSingleScorer, { params, body: { userId: w.userId }, fallback: MSG.tryAgain });
  return call(ROUTES.answerSingleScorer, { params, body: { accept: w.accept }, fallback: MSG.tryAgain });
}

/** A team's scorer: named, and chosen by its own players when it has more than one. */
function TeamScorer({ view, side, me, pending, choose }: { view: ScoreboardView; side: TeamSide; me: number | null; pending: boolean; choose: (w: Write) => void }) {
  const team = view.teams[side];
  const chosen = view.setup.teamScorers[side];
  const canChoose = team.players.length > 1 && team.players.some((p) => p.userId === me);
  if (!canChoose)
    return (
      <p className="scorers__line">
        {team.name}: <strong>{nameOf(team.players, chosen, me)}</strong>
      </p>
    );
  return (
    <label className="scorers__line scorers__pick">
      <span>{team.name} scorer</span>
      <select value={chosen ?? ''} disabled={pending} onChange={(e) => choose({ kind: 'team', team: side, userId: Number(e.target.value) })}>
        {team.players.map((p) => (
          <option key={p.userId} value={p.userId}>
            {p.userId === me ? `${p.username} (you)` : p.username}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Who keeps the score, chosen in the lobby before Start (docs/matches.md#witnessed-score): one
 * scorer per team by default, each team picking its own; or one scorer for both, which needs
 * every player's acceptance (the asker's counts at once).
 */
export function ScorerChoice({ matchId, viewerId }: { matchId: number; viewerId: number | null }) {
  const client = useQueryClient();
  const { data: view } = useScoreboard(matchId, { joinRoom: false });
  const [candidate, setCandidate] = useState<number | null>(null);
  const [asking, setAsking] = useState(false);
  const write = useMutation({
    mutationFn: (w: Write) => send(matchId, w),
    onSuccess: (answer) => {
      client.setQueryData(scoreboardKeys.view(matchId), answer.scoreboard);
      setAsking(false);
    },
  });
  if (!view || view.status !== 'setup') return null;

  const players = [...view.teams.A.players, ...view.teams.B.players];
  const single = view.setup.single;
  const iAccepted = single !== null && viewerId !== null && single.acceptedBy.includes(viewerId);
  const choose = (w: Write) => write.mutate(w);
  return (
    <section className="scorers" aria-labelledby="scorers-heading">
      <h2 id="scorers-heading">Scorers</h2>
      {single?.agreed ? (
        <p className="scorers__line">
          <strong>{nameOf(players, single.userId, viewerId)}</strong> keeps the score for both teams.
        </p>
      ) : (
        <>
          <p className="muted">Each team&apos;s scorer taps every point of the game on their phone; when both agree at the end, the match is complete.</p>
          <TeamScorer view={view} side="A" me={viewerId} pending={write.isPending} choose={choose} />
          <TeamScorer view={view} side="B" me={viewerId} pending={write.isPending} choose={choose} />
        </>
      )}
      {single && !single.agreed && (
        <div className="scorers__proposal" data-testid="single-scorer-proposal">
          <p>
            One scorer for both: <strong>{nameOf(players, single.userId, viewerId)}</strong> · accepted by {single.acceptedBy.length} of {players.length}
          </p>
          {iAccepted ? (
            <p className="muted">Waiting for every player to accept.</p>
          ) : (
            <div className="actions">
              <button type="button" className="btn btn--primary" disabled={write.isPending} onClick={() => choose({ kind: 'answer', accept: true })}>
                Accept
              </button>
              <button type="button" className="btn btn--secondary" disabled={write.isPending} onClick={() => choose({ kind: 'answer', accept: false })}>
                Decline
              </button>
            </div>
          )}
        </div>
      )}
      {!single &&
        (asking ? (
          <div className="scorers__ask">
            <label className="scorers__pick">
              <span>Scorer for both teams</span>
              <select value={candidate ?? ''} onChange={(e) => setCandidate(Number(e.target.value))}>
                <option value="" disabled>
                  Choose a player
                </option>
                {players.map((p) => (
                  <option key={p.userId} value={p.userId}>
                    {p.userId === viewerId ? `${p.username} (you)` : p.username}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="btn btn--primary"
              disabled={candidate === null || write.isPending}
              onClick={() => candidate !== null && choose({ kind: 'propose', userId: candidate })}
            >
              Ask everyone to accept
            </button>
          </div>
        ) : (
          <button type="button" className="btn btn--secondary" onClick={() => setAsking(true)}>
            One scorer for both…
          </button>
        ))}
      <ErrorMessage>{errorText(write.error, MSG.tryAgain)}</ErrorMessage>
      <SuccessMessage>{write.data?.message}</SuccessMessage>
    </section>
  );
}

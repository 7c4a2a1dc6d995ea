import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { COURT_LIMITS, COURT_MSG, ROUTES, type CourtPageResponse } from '@gotnext/shared';
import { call } from '../../api/client';
import { errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { useCourtAction, useCourtCode } from './courtQueries';

/** The host's phone: the rotating code (digits and QR), calling next, ending a game on court, winner-stays-on. */
export function HostPanel({ data }: { data: CourtPageResponse }) {
  const id = data.court.court_id;
  const code = useCourtCode(id, true);
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (!code.data) return;
    QRCode.toDataURL(code.data.code, { margin: 1, width: 160, errorCorrectionLevel: 'M' })
      .then((d) => live && setQr(d))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [code.data]);
  const callNext = useCourtAction(id, () => call(ROUTES.courtCallNext, { params: { courtId: id }, fallback: COURT_MSG.notHost }));
  const endGame = useCourtAction(id, (matchId: number) => call(ROUTES.courtEndGame, { params: { courtId: id }, body: { match_id: matchId }, fallback: COURT_MSG.gameNotOnCourt }));
  const onCourt = data.games_today.filter((g) => g.on_court);
  const stays = useCourtAction(id, (games: number) =>
    call(ROUTES.courtSettings, { params: { courtId: id }, body: { winner_stays: games }, fallback: COURT_MSG.winnerStaysInvalid }),
  );
  return (
    <section className="card panel court__host" aria-labelledby="court-host">
      <h2 id="court-host">You host this run</h2>
      <p className="muted">Others check in with this code. It changes every {COURT_LIMITS.codeStepSeconds} s.</p>
      {code.data && (
        <p className="court__code" data-testid="host-code" aria-label="Check-in code">
          {code.data.code}
        </p>
      )}
      {qr && <img src={qr} width={160} height={160} alt="QR code of the check-in code" />}
      <button type="button" className="btn btn--primary" disabled={callNext.isPending || data.call !== null} onClick={() => callNext.mutate()}>
        Call next
      </button>
      <ErrorMessage>{errorText(callNext.error, COURT_MSG.notHost)}</ErrorMessage>
      {onCourt.length > 0 && (
        <ul className="court__on-court" aria-label="On court">
          {onCourt.map((g) => (
            <li key={g.match_id}>
              <span>
                {g.team_a.map((p) => p.username).join(', ')} vs {g.team_b.map((p) => p.username).join(', ')}
              </span>{' '}
              <button
                type="button"
                className="btn"
                disabled={endGame.isPending}
                aria-label={`End game: ${g.team_a.map((p) => p.username).join(', ')} vs ${g.team_b.map((p) => p.username).join(', ')}`}
                onClick={() => endGame.mutate(g.match_id)}
              >
                End game
              </button>
            </li>
          ))}
        </ul>
      )}
      {onCourt.length > 0 && <p className="muted">Ending a game calls the next one; its players can still report the score.</p>}
      <ErrorMessage>{errorText(endGame.error, COURT_MSG.gameNotOnCourt)}</ErrorMessage>
      <label className="field">
        Winner stays on
        <select value={data.court.winner_stays} onChange={(e) => stays.mutate(Number(e.target.value))}>
          <option value={0}>Off</option>
          {Array.from({ length: COURT_LIMITS.winnerStaysMax }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>{`Up to ${n} ${n === 1 ? 'game' : 'games'}`}</option>
          ))}
        </select>
      </label>
      <ErrorMessage>{errorText(stays.error, COURT_MSG.winnerStaysInvalid)}</ErrorMessage>
    </section>
  );
}

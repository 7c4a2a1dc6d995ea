import { useState, type FormEvent } from 'react';
import { COURT_MSG, ROUTES, normalizeCourtCode, type Court } from '@gotnext/shared';
import { call } from '../../api/client';
import { errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { useCourtAction } from './courtQueries';
import { usePosition } from './usePosition';

/** Check in (docs/courts.md#check-in): the first player opens the run; the others type the host's code. The phone's position goes along when it shares one. */
export function CheckInPanel({ courtId, open }: { courtId: number; court: Court; open: boolean }) {
  const [code, setCode] = useState('');
  const [shareLocation, setShareLocation] = useState(false);
  const position = usePosition(shareLocation);
  const [problem, setProblem] = useState<string | null>(null);
  const checkIn = useCourtAction(courtId, () =>
    call(ROUTES.courtCheckIn, { params: { courtId }, body: { ...(open ? { code } : {}), ...(position.coords ?? {}) }, fallback: COURT_MSG.codeWrong }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = open && !normalizeCourtCode(code) ? COURT_MSG.codeRequired : null;
    setProblem(p);
    if (!p) checkIn.mutate();
  };
  return (
    <form className="stack" onSubmit={submit} noValidate>
      {open && (
        <label className="field">
          Host's code
          <input inputMode="numeric" autoComplete="one-time-code" maxLength={7} value={code} onChange={(e) => setCode(e.target.value)} placeholder="6 digits" />
        </label>
      )}
      <label className="checkbox">
        <input type="checkbox" checked={shareLocation} onChange={(e) => setShareLocation(e.target.checked)} /> Check my location
      </label>
      <ErrorMessage>{problem ?? errorText(checkIn.error, COURT_MSG.codeWrong)}</ErrorMessage>
      <button type="submit" className="btn btn--primary" disabled={checkIn.isPending || (shareLocation && position.state === 'asking')}>
        {open ? 'Check in' : 'Check in and host the run'}
      </button>
    </form>
  );
}

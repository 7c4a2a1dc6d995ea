import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { MSG } from '@gotnext/shared';
import { errorMessage } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { FormField } from '../../components/FormField';
import { LoginRequired } from '../../components/LoginRequired';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { leagueMatchesApi } from './leagueMatchesApi';
import { LEAGUE_ID_KEY, leagueLobbyPath } from './paths';
import '../matches/matches.css';

/** /join-league-match/{leagueId}: a code field, an error area and Join Match (docs/product.md#join-league-match). */
export function JoinLeagueMatchPage() {
  usePageTitle('Join League Match');
  const { leagueId: param } = useParams();
  const leagueId = /^[1-9]\d{0,9}$/.test(param ?? '') ? Number(param) : null;
  const navigate = useNavigate();
  const token = useAuthStore((s) => s.token);
  const userId = useAuthStore((s) => s.userId);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const join = useMutation({
    mutationFn: (matchCode: string) => leagueMatchesApi.join(leagueId!, matchCode),
    onSuccess: (res) => {
      localStorage.setItem(LEAGUE_ID_KEY, String(leagueId));
      navigate(leagueLobbyPath(res.match_id, res.match_type));
    },
  });

  if (!token || userId === null) return <LoginRequired title="Join League Match" message={MSG.joinMatchLogin} />;
  if (leagueId === null) return <section className="page card form-page"><h1>Join League Match</h1><ErrorMessage>{MSG.mustBeInLeague}</ErrorMessage></section>;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const trimmed = code.trim();
    setMissing(!trimmed);
    if (trimmed) join.mutate(trimmed);
    else join.reset();
  }

  return (
    <section className="page card form-page">
      <h1>Join League Match</h1>
      <form onSubmit={onSubmit} noValidate>
        <FormField label="Match Code">
          <input type="text" required autoCapitalize="characters" autoComplete="off" maxLength={12} value={code} onChange={(e) => setCode(e.target.value)} />
        </FormField>
        <ErrorMessage>{missing ? MSG.matchCodeRequired : join.error ? errorMessage(join.error, MSG.joinMatchFailed) : null}</ErrorMessage>
        <button type="submit" className="btn btn--primary btn--block" disabled={join.isPending || join.isSuccess}>Join Match</button>
      </form>
      <p><Link to={`/league/${leagueId}`}>Back to the league</Link></p>
    </section>
  );
}

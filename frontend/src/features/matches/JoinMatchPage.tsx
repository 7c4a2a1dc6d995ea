import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { MSG, isMatchType } from '@gotnext/shared';
import { errorMessage } from '../../api/errors';
import { LoginRequired } from '../../components/LoginRequired';
import { ErrorMessage } from '../../components/Feedback';
import { FormField } from '../../components/FormField';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { matchesApi } from './matchesApi';
import { lobbyPath } from './paths';
import './matches.css';

/** The server's words for an unverified player, and how the spec wants them shown. */
function shown(message: string): string {
  return message === MSG.rankedNeedsVerification ? MSG.rankedNeedsVerificationShown : message;
}

/** The match type of a code the server does not know how to join (kept apart from server texts). */
class InvalidMatchType extends Error {}

export function JoinMatchPage() {
  usePageTitle('Join Match');
  const navigate = useNavigate();
  const token = useAuthStore((s) => s.token);
  const location = useLocation();
  const [query] = useSearchParams();
  // The invite link /join-match?code=… prefills the code and joins once the player is logged in
  // (docs/product.md#sharing-a-match).
  const invited = (query.get('code') ?? '').trim();
  const [code, setCode] = useState(invited);
  const autoJoined = useRef(false);
  const [missing, setMissing] = useState(false);
  const join = useMutation({
    // The code's match type first, then the join call of that type (docs/matches.md).
    mutationFn: async (matchCode: string) => {
      const { match_type } = await matchesApi.matchType(matchCode);
      if (!isMatchType(match_type)) throw new InvalidMatchType();
      const joined = await matchesApi.join(match_type, matchCode);
      return lobbyPath(joined.match_id, match_type);
    },
    onSuccess: (lobby) => navigate(lobby),
  });

  useEffect(() => {
    if (!token || !invited || autoJoined.current) return;
    autoJoined.current = true;
    join.mutate(invited);
  }, [token, invited, join]);

  if (!token) {
    if (invited) return <LoginRequired title="Join Match" message={MSG.inviteLoginFirst} next={location.pathname + location.search} />;
    return <LoginRequired title="Join Match" message={MSG.joinMatchLogin} />;
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const trimmed = code.trim();
    setMissing(!trimmed);
    if (trimmed) join.mutate(trimmed);
    else join.reset();
  }

  const error = missing
    ? MSG.matchCodeRequired
    : join.error && shown(join.error instanceof InvalidMatchType ? MSG.invalidMatchType : errorMessage(join.error, MSG.tryAgain));
  return (
    <section className="page card form-page">
      <h1>Join Match</h1>
      <form onSubmit={onSubmit} noValidate>
        <FormField label="Match Code">
          <input type="text" autoCapitalize="characters" autoComplete="off" maxLength={12} value={code} onChange={(e) => setCode(e.target.value)} />
        </FormField>
        <ErrorMessage>{error}</ErrorMessage>
        <button type="submit" className="btn btn--primary btn--block" disabled={join.isPending || join.isSuccess}>
          Join Match
        </button>
      </form>
    </section>
  );
}

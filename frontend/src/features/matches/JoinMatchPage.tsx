import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { MSG } from '@gotnext/shared';
import { errorMessage } from '../../api/errors';
import { LoginRequired } from '../../components/LoginRequired';
import { ErrorMessage } from '../../components/Feedback';
import { FormField } from '../../components/FormField';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { useMe } from '../account/useMe';
import { forgetInvite, rememberInvite, verifyForInvitePath } from '../verification/inviteReturn';
import { InvitePreview, useInvitePreview } from './InvitePreview';
import type { MatchScope } from './matchScope';
import { InvalidMatchType, overallScope } from './overallScope';
import './matches.css';

/** The server's words for an unverified player, and how the spec wants them shown. */
function shown(message: string): string {
  return message === MSG.rankedNeedsVerification ? MSG.rankedNeedsVerificationShown : message;
}

/** /join-match and, with a league's scope, /join-league-match/{leagueId}: a code, then the lobby. */
export function JoinMatchPage({ scope = overallScope }: { scope?: MatchScope }) {
  const title = scope.titles.join;
  usePageTitle(title);
  const navigate = useNavigate();
  const token = useAuthStore((s) => s.token);
  const userId = useAuthStore((s) => s.userId);
  const location = useLocation();
  const [query] = useSearchParams();
  // The invite link (?code=…) prefills the code and joins once the player is logged in
  // (docs/product.md#sharing-a-match).
  const invited = (query.get('code') ?? '').trim();
  const [code, setCode] = useState(invited);
  const autoJoined = useRef(false);
  const [missing, setMissing] = useState(false);
  const join = useMutation({
    mutationFn: (matchCode: string) => scope.api.join(matchCode),
    onSuccess: (joined) => {
      forgetInvite();
      navigate(scope.paths.lobby(joined.match_id, joined.match_type));
    },
  });
  const loggedIn = token !== null && userId !== null;
  const usable = loggedIn && scope.join.unavailable === null;
  const invitePath = location.pathname + location.search;
  // The invite says what it is before anyone signs up; a ranked one waits for a verified player
  // (docs/matches.md#invite-preview): an unverified one gets the way to verify instead of a refusal.
  const preview = useInvitePreview(invited);
  const me = useMe();
  const verified = me.data ? me.data.email_verified && me.data.id_verified : undefined;
  const needsVerify = verified === false && (preview.data?.ranked === true || (!!join.error && errorMessage(join.error, '') === MSG.rankedNeedsVerification));
  const settled = !invited || !preview.isPending;

  // Where the preview or the account cannot be read, the join itself is tried: the server decides.
  const ranked = preview.data?.ranked === true;
  useEffect(() => {
    if (!usable || !invited || autoJoined.current || !settled) return;
    if (ranked && (me.isPending || verified === false)) return;
    autoJoined.current = true;
    join.mutate(invited);
  }, [usable, invited, join, settled, ranked, me.isPending, verified]);

  if (!loggedIn) {
    if (invited) return <LoginRequired title={title} message={MSG.inviteLoginFirst} next={invitePath} lead={<InvitePreview preview={preview} />} />;
    return <LoginRequired title={title} message={MSG.joinMatchLogin} />;
  }
  if (scope.join.unavailable)
    return (
      <section className="page card form-page">
        <h1>{title}</h1>
        <ErrorMessage>{scope.join.unavailable}</ErrorMessage>
      </section>
    );

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const trimmed = code.trim();
    setMissing(!trimmed);
    if (trimmed) join.mutate(trimmed);
    else join.reset();
  }

  const error = needsVerify
    ? null
    : missing
      ? MSG.matchCodeRequired
      : join.error && shown(join.error instanceof InvalidMatchType ? MSG.invalidMatchType : errorMessage(join.error, scope.join.failed));
  const back = scope.paths.back(null);
  return (
    <section className="page card form-page">
      <h1>{title}</h1>
      {invited && <InvitePreview preview={preview} />}
      {invited && needsVerify && (
        <div className="invite-preview">
          <p>{MSG.inviteRankedNeedsVerify}</p>
          <Link to={verifyForInvitePath(invitePath)} onClick={() => rememberInvite(invitePath)} className="btn btn--primary btn--block">
            {MSG.verifyToPlayRanked}
          </Link>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate>
        <FormField label="Match Code">
          <input type="text" required autoCapitalize="characters" autoComplete="off" maxLength={12} value={code} onChange={(e) => setCode(e.target.value)} />
        </FormField>
        <ErrorMessage>{error}</ErrorMessage>
        <button type="submit" className="btn btn--primary btn--block" disabled={join.isPending || join.isSuccess}>
          Join Match
        </button>
      </form>
      {back && (
        <p>
          <Link to={back.to}>{back.label}</Link>
        </p>
      )}
    </section>
  );
}

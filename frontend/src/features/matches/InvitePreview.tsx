import { useQuery } from '@tanstack/react-query';
import { MSG } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { queryKeys } from '../../api/queryKeys';
import { matchesApi } from './matchesApi';
import './invite.css';

/** What the invite link says, from the code alone (docs/matches.md#invite-preview); for visitors too. */
export function useInvitePreview(code: string) {
  return useQuery({
    queryKey: queryKeys.invitePreview(code),
    queryFn: ({ signal }) => matchesApi.invitePreview(code, signal),
    enabled: code !== '',
    retry: false,
    staleTime: 30_000,
  });
}

/** "jrivera invites you to a ranked 1v1, game to 5", or why the link leads nowhere. */
export function InvitePreview({ preview }: { preview: ReturnType<typeof useInvitePreview> }) {
  if (preview.error) return <p className="invite-preview invite-preview--gone">{errorText(preview.error, MSG.inviteLinkNotFound)}</p>;
  const invite = preview.data;
  if (!invite) return <p className="invite-preview muted">Reading the invite…</p>;
  return (
    <div className="invite-preview">
      <p className="invite-preview__line">{MSG.invitePreview(invite.creator, invite.match_type, invite.ranked, invite.target_score)}</p>
      {!invite.open && <p>{MSG.inviteClosed}</p>}
    </div>
  );
}

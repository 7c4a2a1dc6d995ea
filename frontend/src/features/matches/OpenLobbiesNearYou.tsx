import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { MSG, scoringMeaning, type OpenLobby } from '@gotnext/shared';
import { ApiError, errorText } from '../../api/errors';
import { queryKeys } from '../../api/queryKeys';
import { ErrorMessage } from '../../components/Feedback';
import { useAuthStore } from '../../stores/auth';
import { matchesApi } from './matchesApi';
import { useOpenLobbies } from './openLobbyQueries';
import './matches.css';

/**
 * "Open games near you" (docs/matches.md#open-lobbies): lobbies in the player's state/region
 * open to their rating, with free places; one tap joins and opens the lobby. Read again every
 * few seconds, so a place taken shows without a reload. `hideWhenEmpty`: Home shows it only
 * when there is a game.
 */
export function OpenLobbiesNearYou({ hideWhenEmpty = false }: { hideWhenEmpty?: boolean }) {
  const loggedIn = useAuthStore((s) => s.token !== null);
  const list = useOpenLobbies(loggedIn);
  const navigate = useNavigate();
  const client = useQueryClient();
  const join = useMutation({
    mutationFn: (lobby: OpenLobby) => matchesApi.joinOpen(lobby.match_id),
    onSuccess: (res) => void navigate(res.path),
    onError: (err, lobby) => {
      // Already in it is not a failure: the tap opens the lobby.
      if (err instanceof ApiError && err.serverMessage === MSG.alreadyInMatch) void navigate(lobby.path);
      void client.invalidateQueries({ queryKey: queryKeys.openLobbies() });
    },
  });
  if (!loggedIn) return null;
  const lobbies = list.data?.lobbies ?? [];
  if (hideWhenEmpty && !lobbies.length) return null;
  const failed = join.error instanceof ApiError && join.error.serverMessage === MSG.alreadyInMatch ? null : errorText(join.error, MSG.openLobbyJoinFailed);
  return (
    <section className="card panel open-lobbies" aria-labelledby="open-lobbies-title">
      <h2 id="open-lobbies-title">Open games near you</h2>
      {list.data && (
        <p className="muted">
          Games in {list.data.region || 'your region'} open to your rating ({list.data.my_rating}). Updated every few seconds.
        </p>
      )}
      <ErrorMessage>{errorText(list.error, MSG.openLobbiesFailed)}</ErrorMessage>
      <ErrorMessage>{failed}</ErrorMessage>
      {!list.data && !list.error ? (
        <p className="muted">Looking for open games…</p>
      ) : lobbies.length === 0 ? (
        <p className="muted">No open games near you right now.</p>
      ) : (
        <ul className="open-lobbies__list" aria-label="Open games">
          {lobbies.map((l) => (
            <li key={l.match_id} className="open-lobbies__row">
              <span className="open-lobbies__what">
                <strong>
                  {l.match_type} {l.ranked ? 'ranked' : 'casual'} · {l.creator}
                </strong>
                <small className="muted">
                  {scoringMeaning(l.scoring_type)} · {MSG.openLobbyLabel(l.min_rating, l.max_rating)} ·{' '}
                  {l.players_needed === 1 ? '1 place left' : `${l.players_needed} places left`}
                </small>
              </span>
              {l.joined ? (
                <Link to={l.path} className="btn btn--secondary">
                  Go to lobby
                </Link>
              ) : (
                <button type="button" className="btn btn--primary" aria-label={`Join ${l.creator}'s ${l.match_type}`} disabled={join.isPending} onClick={() => join.mutate(l)}>
                  Join
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

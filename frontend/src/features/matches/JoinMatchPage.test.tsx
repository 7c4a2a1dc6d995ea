import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ROUTES } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { JoinMatchPage } from './JoinMatchPage';

describe('the invite link /join-match?code=', () => {
  it('joins at once for a logged-in player', async () => {
    const api = mockApi()
      .on(ROUTES.matchType, { body: { match_type: '1v1' } })
      .on(ROUTES.joinMatch, { body: { match_id: 9, message: 'Joined match successfully.' } });
    renderPage(<JoinMatchPage />, { at: '/join-match?code=ABC234', path: '/join-match', as: { userId: 3 } });
    await expect.poll(() => api.callsTo(ROUTES.joinMatch).length).toBe(1);
    expect(api.callsTo(ROUTES.joinMatch)[0].body).toMatchObject({ match_code: 'ABC234' });
  });

  it('previews a ranked invite and, for a player not verified yet, offers the way to verify and back instead of joining', async () => {
    const api = mockApi()
      .on(ROUTES.invitePreview, { body: { creator: 'jrivera', match_type: '1v1', ranked: true, scoring_type: '1s & 2s to 5', target_score: 5, open: true, league: false } })
      .on(ROUTES.me, { body: { user: { user_id: 3, username: 'mchen', email_verified: true, id_verified: false, verified: false } } })
      .on(ROUTES.matchType, { body: { match_type: '1v1' } })
      .on(ROUTES.joinMatch, { body: { match_id: 9, message: 'Joined match successfully.' } });
    renderPage(<JoinMatchPage />, { at: '/join-match?code=ABC234', path: '/join-match', as: { userId: 3 } });
    expect(await screen.findByText('jrivera invites you to a ranked 1v1, game to 5')).toBeInTheDocument();
    const verify = await screen.findByRole('link', { name: 'Verify to play ranked (about 2 min)' });
    expect(verify).toHaveAttribute('href', `/verification?next=${encodeURIComponent('/join-match?code=ABC234')}`);
    expect(screen.queryByText('You cannot join ranked matches until you have verified your account.')).toBeNull();
    expect(api.callsTo(ROUTES.joinMatch)).toHaveLength(0);
  });

  it('shows a visitor the invite, then sends them to login or signup and back here afterwards', async () => {
    mockApi().on(ROUTES.invitePreview, {
      body: { creator: 'jrivera', match_type: '2v2', ranked: false, scoring_type: '1s & 2s to 11', target_score: 11, open: true, league: false },
    });
    renderPage(<JoinMatchPage />, { at: '/join-match?code=ABC234', path: '/join-match' });
    expect(await screen.findByText('jrivera invites you to a casual 2v2, game to 11')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Log in or sign up to join this match. You will come back here to join it.');
    const back = encodeURIComponent('/join-match?code=ABC234');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', `/login?next=${back}`);
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', `/signup?next=${back}`);
  });
});

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

  it('sends a visitor to login or signup and back here afterwards', () => {
    mockApi();
    renderPage(<JoinMatchPage />, { at: '/join-match?code=ABC234', path: '/join-match' });
    expect(screen.getByRole('alert')).toHaveTextContent('Log in or sign up to join this match. You will come back here to join it.');
    const back = encodeURIComponent('/join-match?code=ABC234');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', `/login?next=${back}`);
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', `/signup?next=${back}`);
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { ROUTES, type LeaderboardPlayer, type LeaderboardResponse } from '@gotnext/shared';
import { mockApi, type RecordedCall } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { LeaderboardPage } from './LeaderboardPage';

const row = (rank: number, over: Partial<LeaderboardPlayer> = {}): LeaderboardPlayer => ({
  user_id: 100 + rank,
  username: `hooper${rank}`,
  profile_picture: null,
  profile_picture_version: 0,
  rating: '5.123',
  total_matches: 12,
  record: '9-3',
  rank,
  ...over,
});
const board = (over: Partial<LeaderboardResponse> = {}): LeaderboardResponse => ({ region: 'National', page: 1, page_size: 50, total: 2, players: [row(1), row(2)], ...over });

/** The board page with a profile route beside it, so a row's navigation can be seen. */
function open(reply: (call: RecordedCall) => LeaderboardResponse | { status: number; body?: unknown } | 'network-error', at = '/leaderboard', as?: { userId: number }) {
  const api = mockApi().on(ROUTES.leaderboard, (call) => {
    const answer = reply(call);
    return answer === 'network-error' || 'status' in answer ? answer : { body: answer };
  });
  const view = renderPage(
    <Routes>
      <Route path="/leaderboard" element={<LeaderboardPage />} />
      <Route path="/profile/:userId" element={<p>Profile page</p>} />
    </Routes>,
    { at, as },
  );
  return { ...view, api, region: (i = -1) => decodeURIComponent(api.callsTo(ROUTES.leaderboard).at(i)!.url.pathname.split('/').pop()!) };
}

describe('the leaderboard page', () => {
  it('shows the world board first, and applies a country or state as soon as it is picked', async () => {
    const { user, region } = open((call) => board({ region: decodeURIComponent(call.url.pathname.split('/').pop()!) }));
    expect(await screen.findByRole('heading', { name: 'Top 50 Players in the World' })).toBeVisible();
    expect(region()).toBe('National');
    expect(screen.queryByLabelText('State')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Country'), 'United States');
    expect(await screen.findByRole('heading', { name: 'Top 50 Players in the United States' })).toBeVisible();
    await user.selectOptions(screen.getByLabelText('State'), 'CA');
    expect(await screen.findByRole('heading', { name: 'Top 50 Players in California' })).toBeVisible();
    expect(region()).toBe('CA');

    await user.selectOptions(screen.getByLabelText('Country'), 'Canada');
    expect(screen.queryByLabelText('State')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Top 50 Players in Canada' })).toBeVisible();
    expect(region()).toBe('Canada');
    // View Leaderboard stays, and shows the same board.
    await user.click(screen.getByRole('button', { name: 'View Leaderboard' }));
    expect(screen.getByRole('heading', { name: 'Top 50 Players in Canada' })).toBeVisible();
  });

  it('searches a name once typing pauses, without View Leaderboard', async () => {
    const { user, api } = open((call) => (call.url.searchParams.get('search') === 'hoo' ? board({ search: 'hoo' }) : board()));
    await screen.findByText('hooper1');
    await user.type(screen.getByLabelText('Player name'), 'hoo');
    expect(await screen.findByText(/Players whose name starts with/)).toHaveTextContent('Players whose name starts with “hoo”');
    // The heading follows the address at once; the one search call follows it.
    await waitFor(() =>
      expect(
        api
          .callsTo(ROUTES.leaderboard)
          .filter((c) => c.url.searchParams.get('search'))
          .map((c) => c.url.searchParams.get('search')),
      ).toEqual(['hoo']),
    );
  });

  it("lists rank, player, rating, games and record, explains the rating, and a row opens the player's profile", async () => {
    const { user } = open(() => board());
    const first = (await screen.findByText('hooper1')).closest('tr')!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', 'hooper1', '5.123', '12', '9-3']);
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent(/2\.000 to 8\.000/);
    expect(screen.getByRole('button', { name: 'About the rating' })).toHaveAccessibleDescription(/everyone starts at 4\.000/);
    await user.click(within(first).getByText('9-3'));
    expect(await screen.findByText('Profile page')).toBeVisible();
  });

  it("shows a logged-in player's own row and rank under the table, even far outside the top 50", async () => {
    open(() => board({ total: 4000, you: row(1234, { user_id: 7, username: 'me' }) }), '/leaderboard', { userId: 7 });
    const you = (await screen.findByText('You: #1,234')).closest('tr')!;
    expect(within(you).getByText('me')).toBeVisible();
    expect(you.closest('tfoot')).not.toBeNull();
    expect(screen.getByText('Page 1 of 80')).toBeVisible();
  });

  it('pages past 50 and searches by name; the empty states use the spec texts', async () => {
    const { user, api } = open((call) => {
      if (call.url.searchParams.get('search') === 'zz') return board({ players: [], search: 'zz' });
      if (call.url.searchParams.get('page') === '2') return board({ page: 2, total: 60, players: [row(51)] });
      return board({ total: 60 });
    });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('hooper51')).toBeVisible();
    expect(screen.getByText('Page 2 of 2')).toBeVisible();
    expect(api.callsTo(ROUTES.leaderboard).at(-1)!.url.searchParams.get('page')).toBe('2');

    await user.type(screen.getByLabelText('Player name'), 'zz');
    await user.click(screen.getByRole('button', { name: 'View Leaderboard' }));
    expect(await screen.findByText('No results found')).toBeVisible();
    expect(api.callsTo(ROUTES.leaderboard).at(-1)!.url.searchParams.get('page')).toBeNull();
  });

  it('says so when a board is empty', async () => {
    open(() => board({ players: [], total: 0 }));
    expect(await screen.findByText('No players to display.')).toBeVisible();
  });

  it("shows the server's message, else the spec's fallback", async () => {
    open(() => ({ status: 500 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load leaderboard. Please try again.');
  });

  it('tells a player whose connection failed to try later', async () => {
    open(() => 'network-error');
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again later.');
  });
});

import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MSG, ROUTES, type LeagueHistoryItem, type MatchType } from '@gotnext/shared';
import { leagueFixture, player } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { AddMatchHistoryModal } from './AddMatchHistoryModal';
import { MatchHistoryModal } from './MatchHistoryModal';

function item(id: number, type: MatchType, day: number): LeagueHistoryItem {
  const teamA = [player(1, 'ann')];
  const teamB = [player(2, 'bo')];
  return {
    match_id: id,
    status: 'completed',
    matchType: type,
    match_type: type,
    scoring_type: '1s & 2s to 11',
    completed_at: '',
    date_time_local: `11/${day}/2026, 7:00 PM`,
    final_scores: {},
    team_a_score: 11,
    team_b_score: id % 2 ? 4 : 11,
    teamA,
    team_a: teamA,
    teamB,
    team_b: teamB,
    reports: [],
    winners_usernames: [],
    winner: '',
    outcome: null,
    backfilled: false,
    can_contest: false,
    contest_until: null,
  };
}

describe('the Full Match History modal', () => {
  // 23 matches, newest first: 12 of them 1v1.
  const history = Array.from({ length: 23 }, (_, i) => item(100 - i, i % 2 ? '2v2' : '1v1', 23 - i));

  it('pages by 10 with Previous, numbered pages and Next, and goes back to page 1 when the sort or the filter changes', async () => {
    const { user } = renderPage(<MatchHistoryModal leagueId={3} history={history} onClose={() => undefined} />, { as: { userId: 1 } });
    const dialog = screen.getByRole('dialog', { name: 'Full Match History' });
    expect(within(dialog).getByText('10 matches per page')).toBeVisible();
    const rows = () =>
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label'));
    expect(rows()).toHaveLength(10);
    expect(rows()[0]).toBe('1v1 match on 11/23/2026, 7:00 PM');
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: '3' }));
    expect(rows()).toHaveLength(3);
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.selectOptions(within(dialog).getByLabelText('Sort By'), 'Oldest');
    expect(within(dialog).getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');
    expect(rows()[0]).toBe('1v1 match on 11/1/2026, 7:00 PM');

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.selectOptions(within(dialog).getByLabelText('Match Type'), '2v2');
    expect(within(dialog).getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');
    expect(rows()).toHaveLength(10);
    expect(rows().every((r) => r!.startsWith('2v2'))).toBe(true);
    await user.selectOptions(within(dialog).getByLabelText('Match Type'), '5v5');
    expect(within(dialog).getByText(MSG.leagueHistoryEmpty)).toBeVisible();
  });
});

describe('the Add Match to History modal', () => {
  const league = leagueFixture({ viewer: 1, members: [[1], [2], [3], [4]] });

  it('names the score boxes as docs/product.md#league-page says, previews the teams, checks the count, and sends the score keyed as the spec does', async () => {
    const api = mockApi().on(ROUTES.addMatchHistory, { status: 201, body: { message: MSG.historyAdded, match_id: 9 } });
    let saved = '';
    const { user } = renderPage(<AddMatchHistoryModal league={league} onClose={() => undefined} onSaved={(m) => (saved = m)} />, { as: { userId: 1 } });
    const dialog = screen.getByRole('dialog', { name: 'Add Match to History' });
    const [first, second] = league.member_details;
    expect(within(dialog).getByLabelText('Player 1 Score')).toBeVisible();
    await user.click(within(dialog).getByLabelText(first.username));
    await user.click(within(dialog).getByLabelText(second.username));
    expect(within(dialog).getByLabelText(`${first.username} Score`)).toBeVisible();

    await user.selectOptions(within(dialog).getByLabelText('Game Type'), '2v2');
    expect(within(dialog).getByLabelText('Team A Score')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('For a 2v2 match, please select exactly 4 participants.');
    for (const m of league.member_details.slice(2)) await user.click(within(dialog).getByLabelText(m.username));
    expect(within(dialog).getByRole('region', { name: 'Team A preview' })).toHaveTextContent(`${first.username}, ${second.username}`);
    await user.type(within(dialog).getByLabelText('Team A Score'), '11');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG.historyScoresMissing);
    await user.type(within(dialog).getByLabelText('Team B Score'), '6');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect.poll(() => saved).toBe(MSG.historyAdded);
    const [sent] = api.callsTo(ROUTES.addMatchHistory);
    expect(sent.body).toMatchObject({ league_id: league.league_id, matchType: '2v2', participants: [1, 2, 3, 4], finalScore: { teamA: 11, teamB: 6 } });
  });
});

import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { OPS_REQUEST_HEADER, ROUTES, routePath, type AdminDispute } from '@gotnext/shared';
import { player } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { basicAuthorization, useAdminSession } from '../../stores/adminSession';
import { AdminDisputesPage } from './AdminDisputesPage';

const dispute: AdminDispute = {
  match_id: 9,
  match_code: 'XYZ234',
  witnessed: null,
  match_type: '1v1',
  scoring_type: '1s & 2s to 21',
  ranked: true,
  disputed_at: '2026-03-01T18:30:00.000Z',
  moderation_since: '2026-03-04T18:30:00.000Z',
  void_at: '2026-03-11T18:30:00.000Z',
  team_a: [player(1, 'jrivera')],
  team_b: [player(2, 'mchen')],
  team_a_report: { team_a_score: 21, team_b_score: 10 },
  team_b_report: { team_a_score: 10, team_b_score: 21 },
  team_a_proposal: null,
  team_b_proposal: { team_a_score: 18, team_b_score: 21 },
  histories: [
    { user_id: 1, username: 'jrivera', disputes: 3, voided: 1, ops_settled: 0 },
    { user_id: 2, username: 'mchen', disputes: 1, voided: 0, ops_settled: 0 },
  ],
};

describe('the ops dispute queue (docs/matches.md#moderation)', () => {
  it('shows both reports, the proposals and each record, and settles with a score under the ops credentials', async () => {
    useAdminSession.getState().signIn(basicAuthorization('admin', 'pw'));
    const api = mockApi()
      .on(ROUTES.adminDisputes, { body: { disputes: [dispute] } })
      .on(ROUTES.adminDecideDispute, { body: { message: 'Decision saved. Both sides were notified.' } });
    const { user } = renderPage(<AdminDisputesPage />, { at: '/admin/disputes', path: '/admin/disputes' });
    const card = await screen.findByRole('region', { name: 'Dispute XYZ234' });
    expect(card).toHaveTextContent('Team A reportedTeam A 21 – Team B 10');
    expect(card).toHaveTextContent('Team B proposesTeam A 18 – Team B 21');
    expect(within(card).getByRole('table', { name: 'Dispute records' })).toHaveTextContent('jrivera310');
    const settle = within(card).getByRole('button', { name: 'Settle with this score' });
    expect(settle).toBeDisabled();
    await user.type(within(card).getByLabelText('Team A score'), '18');
    await user.type(within(card).getByLabelText('Team B score'), '21');
    await user.click(settle);
    expect(await within(card).findByRole('status')).toHaveTextContent('Decision saved. Both sides were notified.');
    const [sent] = api.callsTo(ROUTES.adminDecideDispute);
    expect(sent.body).toEqual({ decision: 'score', team_a_score: 18, team_b_score: 21 });
    expect(sent.url.pathname).toBe(routePath(ROUTES.adminDecideDispute.path, { matchId: 9 }));
    expect(sent.headers.Authorization ?? sent.headers.authorization).toBe(basicAuthorization('admin', 'pw'));
    // Proof the ops screen made the call: the server refuses an admin write without it.
    expect(sent.headers[OPS_REQUEST_HEADER]).toBe('1');
  });
});

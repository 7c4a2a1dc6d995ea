import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MSG, ROUTES, type DisputeDetails } from '@gotnext/shared';
import { player } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { ResolveDisputePage } from './ResolveDisputePage';

const details = (over: Partial<DisputeDetails>): DisputeDetails => ({
  match_id: 5,
  match_type: '1v1',
  status: 'disputed',
  witnessed: null,
  creator_id: 1,
  opponent: player(2, 'mchen'),
  userReportedScore: { user_score: 5, opponent_score: 3 },
  opponentReportedScore: { user_score: 5, opponent_score: 2 },
  scores: {},
  team_a: [player(1)],
  team_b: [player(2, 'mchen')],
  team_a_report: null,
  team_b_report: null,
  my_team: 'A',
  my_proposal: { user_score: 5, opponent_score: 3, kind: 'report' },
  their_proposal: { user_score: 2, opponent_score: 5, kind: 'report' },
  in_moderation: false,
  moderation_at: '2026-03-04T18:30:00.000Z',
  result: null,
  ...over,
});

const open1v1 = () => renderPage(<ResolveDisputePage fixedType="1v1" />, { at: '/resolve-dispute/5', path: '/resolve-dispute/:matchId', as: { userId: 1 } });

describe('the dispute card (docs/product.md#resolve-dispute)', () => {
  it("says each side's claim once, with the name, and shows the deadline and the ops step from the start", async () => {
    mockApi().on(ROUTES.disputeDetails, { body: details({}) });
    open1v1();
    const card = await screen.findByRole('region', { name: 'The dispute' });
    expect(within(card).getByTestId('their-proposal')).toHaveTextContent('mchen says they won 5–2.');
    expect(within(card).getByTestId('my-proposal')).toHaveTextContent('You said you won 5–3.');
    expect(within(card).getByTestId('dispute-deadline')).toHaveTextContent(/^Agree by .+\. After that, ops settle it: they set a score or void the match\.$/);
    for (const name of ['Accept theirs', 'Keep mine', 'Propose another']) expect(within(card).getByRole('button', { name })).toBeEnabled();
    // The scores are said once: no second list of them on the overall page.
    expect(screen.queryByLabelText('Reported scores')).toBeNull();
    expect(screen.getByLabelText('Your Final Score')).toBeVisible();
  });

  it("Accept theirs sends their claim, Keep mine this side's, each as its final score", async () => {
    const api = mockApi()
      .on(ROUTES.disputeDetails, { body: details({}) })
      .on(ROUTES.resolveDispute1v1, { body: { message: MSG.disputeSubmitted, status: 'disputed' } });
    const { user } = open1v1();
    await user.click(await screen.findByRole('button', { name: 'Accept theirs' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MSG.disputeSubmitted);
    expect(api.callsTo(ROUTES.resolveDispute1v1)[0].body).toEqual({ match_id: 5, userScore: 2, opponentScore: 5 });
  });

  it('Keep mine sends the own report; Propose another goes to the final-score form', async () => {
    const api = mockApi()
      .on(ROUTES.disputeDetails, { body: details({}) })
      .on(ROUTES.resolveDispute1v1, { body: { message: MSG.disputeSubmitted, status: 'disputed' } });
    const { user } = open1v1();
    await user.click(await screen.findByRole('button', { name: 'Propose another' }));
    expect(screen.getByLabelText('Your Final Score')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Keep mine' }));
    await screen.findByRole('status');
    expect(api.callsTo(ROUTES.resolveDispute1v1)[0].body).toEqual({ match_id: 5, userScore: 5, opponentScore: 3 });
  });

  it('once this side sent a final score it waits for the other; a team on Team B sends Team A / Team B; past 72 h ops settle it', async () => {
    const api = mockApi()
      .on(ROUTES.disputeDetails, {
        body: details({
          match_type: '2v2',
          my_team: 'B',
          opponent: null,
          in_moderation: true,
          my_proposal: { user_score: 11, opponent_score: 7, kind: 'final' },
          their_proposal: { user_score: 9, opponent_score: 11, kind: 'final' },
        }),
      })
      .on(ROUTES.resolveDisputeTeams, { body: { message: MSG.disputeResolved, status: 'completed' } });
    const { user } = renderPage(<ResolveDisputePage fixedType="2v2" />, { at: '/resolve-dispute-2v2/5', path: '/resolve-dispute-2v2/:matchId', as: { userId: 3 } });
    expect(await screen.findByText(MSG.disputeInModeration)).toBeVisible();
    expect(screen.getByTestId('their-proposal')).toHaveTextContent('Team A says they won 11–9.');
    expect(screen.getByTestId('my-proposal')).toHaveTextContent('Your team said you won 11–7.');
    expect(screen.getByText(MSG.waitingToAgree('Team A'))).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Keep mine' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Accept theirs' }));
    await screen.findByText(MSG.disputeResolved);
    expect(api.callsTo(ROUTES.resolveDisputeTeams)[0].body).toEqual({ match_id: 5, team_a_score: 11, team_b_score: 9 });
  });

  it('once settled: the result, and neither the card nor the form', async () => {
    const result = {
      outcome: 'Loss' as const,
      my_score: 2,
      their_score: 5,
      rating_before: null,
      rating_after: null,
      rating_change: null,
      rating_pending: false,
      text: 'You lost 2–5 vs mchen',
    };
    mockApi().on(ROUTES.disputeDetails, { body: details({ status: 'completed', result }) });
    open1v1();
    expect(await screen.findByTestId('result-summary')).toHaveTextContent('You lost 2–5 vs mchen');
    expect(screen.getByText(MSG.disputeSettled)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'The dispute' })).toBeNull();
    expect(screen.queryByLabelText('Your Final Score')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit Final Score' })).toBeNull();
  });
});

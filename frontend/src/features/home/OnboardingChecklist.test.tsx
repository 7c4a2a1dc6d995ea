import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ROUTES, type User } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { OnboardingChecklist } from './OnboardingChecklist';

const me = (over: Partial<User>) => ({ user: { user_id: 7, username: 'rookie', email_verified: false, id_verified: false, verified: false, ...over } as User });
const stats = (games: number) => ({ user_id: 7, username: 'rookie', match_history: [], match_statistics: { games_played: games, total_disputes: 0 } });

describe('the onboarding checklist on home', () => {
  it('ticks what a new player has done and links the rest', async () => {
    mockApi()
      .on(ROUTES.me, { body: me({ email_verified: true }) })
      .on(ROUTES.userStats, { body: stats(0) });
    renderPage(<OnboardingChecklist />, { as: { userId: 7 } });
    const list = within(await screen.findByRole('region', { name: 'Get started' }));
    expect(list.getByText('Verify your e-mail')).not.toHaveAttribute('href');
    expect(list.getByText('Verify your e-mail').closest('li')).toHaveTextContent('✓Verify your e-mail (done)');
    expect(list.getByRole('link', { name: 'Verify your ID' })).toHaveAttribute('href', '/verification');
    expect(list.getByRole('link', { name: 'Play your first match' })).toHaveAttribute('href', '/create-match');
  });

  it('is gone once all three are done', async () => {
    const api = mockApi()
      .on(ROUTES.me, { body: me({ email_verified: true, id_verified: true, verified: true }) })
      .on(ROUTES.userStats, { body: stats(1) });
    renderPage(<OnboardingChecklist />, { as: { userId: 7 } });
    await expect.poll(() => api.callsTo(ROUTES.userStats).length).toBe(1);
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
  });
});

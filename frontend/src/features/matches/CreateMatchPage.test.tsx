import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MSG, ROUTES, type User } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { CreateMatchPage } from './CreateMatchPage';

const me = (verified: boolean) => ({ user: { user_id: 7, username: 'rookie', email_verified: verified, id_verified: verified, verified } as User });
const created = { body: { match_id: 5, match_code: 'ABCDEF', message: MSG.matchCreated } };

describe('Create Match: Ranked / Casual, scoring in words, open to a rating range', () => {
  it('offers Ranked Match and Casual with their meaning; an unverified player cannot pick Ranked', async () => {
    mockApi().on(ROUTES.me, { body: me(false) });
    renderPage(<CreateMatchPage />, { as: { userId: 7 } });
    const ranked = await screen.findByRole('radio', { name: 'Ranked Match' });
    const casual = screen.getByRole('radio', { name: 'Casual' });
    expect(ranked).toHaveAccessibleDescription('Counts toward your rating. Every player must be verified.');
    expect(casual).toHaveAccessibleDescription('Just for fun: no rating change, anyone can join.');
    expect(casual).toBeChecked();
    await screen.findByText(MSG.rankedNeedsVerificationShown, { exact: false });
    expect(ranked).toBeDisabled();
  });

  it('shows what the scoring type means beside its name, and sends the ranked choice and the spec name', async () => {
    const api = mockApi()
      .on(ROUTES.me, { body: me(true) })
      .on(ROUTES.createMatch, created);
    const { user } = renderPage(<CreateMatchPage />, { as: { userId: 7 } });
    const scoring = screen.getByLabelText('Scoring Type');
    expect(scoring).toHaveAccessibleDescription('Game to 5 · baskets count 1 and 2');
    expect(screen.getByRole('option', { name: '2s & 3s to 21 · Game to 21 · baskets count 2 and 3' })).toBeInTheDocument();
    await user.selectOptions(scoring, '1s & 2s to 11');
    expect(scoring).toHaveAccessibleDescription('Game to 11 · baskets count 1 and 2');
    const ranked = screen.getByRole('radio', { name: 'Ranked Match' });
    await expect.poll(() => (ranked as HTMLInputElement).disabled).toBe(false);
    await user.click(ranked);
    await user.click(screen.getByRole('button', { name: 'Create Match' }));
    await screen.findByText('ABCDEF');
    expect(api.callsTo(ROUTES.createMatch)[0].body).toEqual({ user_id: 7, ranked: true, scoringType: '1s & 2s to 11' });
  });

  it('opens the lobby to a rating range, refusing a bad one in plain words before any call', async () => {
    const api = mockApi()
      .on(ROUTES.me, { body: me(true) })
      .on(ROUTES.createMatch, created);
    const { user } = renderPage(<CreateMatchPage />, { as: { userId: 7 } });
    await user.click(screen.getByRole('checkbox', { name: 'Open to nearby players by rating' }));
    const low = screen.getByLabelText('Lowest rating');
    const high = screen.getByLabelText('Highest rating');
    await user.clear(high);
    await user.type(high, '3.2');
    await user.click(screen.getByRole('button', { name: 'Create Match' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.openRangeOrder);
    await user.clear(high);
    await user.type(high, '9');
    await user.click(screen.getByRole('button', { name: 'Create Match' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.openRangeInvalid);
    expect(api.callsTo(ROUTES.createMatch)).toHaveLength(0);
    await user.clear(low);
    await user.type(low, '3.75');
    await user.clear(high);
    await user.type(high, '4.25');
    await user.click(screen.getByRole('button', { name: 'Create Match' }));
    expect(await screen.findByText('Open to players rated 3.750–4.250 near you.')).toBeVisible();
    expect(api.callsTo(ROUTES.createMatch)[0].body).toMatchObject({ open_min_rating: 3.75, open_max_rating: 4.25 });
  });
});

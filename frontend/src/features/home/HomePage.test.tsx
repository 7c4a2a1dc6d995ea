import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ROUTES, type Article, type TopPlayer } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { HomePage } from './HomePage';

const article = (id: number, text: string): Article => ({
  id,
  title: `Story ${id}`,
  text,
  image: false,
  image_version: 0,
  created_at: '2026-05-01T12:00:00.000Z',
  updated_at: '2026-05-01T12:00:00.000Z',
});
const top = (rank: number): TopPlayer => ({ user_id: rank + 10, username: `ace${rank}`, rating: '6.100', profile_picture: null, profile_picture_version: 0, rank });

describe('home', () => {
  it('lists the news newest first with 100-character previews, and the top 10 as the server ranks them', async () => {
    mockApi()
      .on(ROUTES.articles, { body: { articles: [article(1, 'Old news.'), article(2, 'y'.repeat(150))] } })
      .on(ROUTES.topPlayers, { body: { players: [top(2), top(3)] } }); // #1 is blocked by this viewer
    renderPage(<HomePage />);
    const news = within(await screen.findByRole('region', { name: 'Latest News' }));
    expect((await news.findAllByRole('link')).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Story 2', '/article/2'],
      ['Story 1', '/article/1'],
    ]);
    expect(news.getByText(`${'y'.repeat(100)}...`)).toBeVisible();
    const players = within(screen.getByRole('region', { name: 'Top 10 Players in the World' }));
    const rows = await players.findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['2ace26.100', '3ace36.100']);
    expect(screen.getByRole('link', { name: 'Create a Match' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Join a Match' })).toBeVisible();
  });

  it('shows placeholders while loading, then the empty states', async () => {
    mockApi()
      .on(ROUTES.articles, { body: { articles: [] } })
      .on(ROUTES.topPlayers, { body: { players: [] } });
    renderPage(<HomePage />);
    expect(screen.getAllByRole('status').length).toBeGreaterThanOrEqual(2);
    expect(await screen.findByText('No news yet.')).toBeVisible();
    expect(await screen.findByText('No players to display.')).toBeVisible();
  });
});

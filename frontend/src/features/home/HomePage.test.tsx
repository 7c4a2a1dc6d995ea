import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ROUTES, type Article, type TopPlayer } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { HomePage } from './HomePage';
import { HomePanels } from './HomePanels';

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
    const players = within(await screen.findByRole('region', { name: 'Top 10 Players in the World' }));
    const rows = await players.findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['2ace26.100', '3ace36.100']);
    expect(screen.getByRole('link', { name: 'Create a Match' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Join a Match' })).toBeVisible();
  });

  it('shows placeholders while loading, then the empty states', async () => {
    mockApi()
      .on(ROUTES.articles, { body: { articles: [] } })
      .on(ROUTES.topPlayers, { body: { players: [] } });
    renderPage(<HomePanels />);
    expect(screen.getAllByRole('status').length).toBeGreaterThanOrEqual(2);
    expect(await screen.findByText('No news yet.')).toBeVisible();
    expect(await screen.findByText('No players to display.')).toBeVisible();
  });

  it("draws the same top as index.html's copy, whose buttons open the same pages before the app runs", () => {
    mockApi()
      .on(ROUTES.articles, { body: { articles: [] } })
      .on(ROUTES.topPlayers, { body: { players: [] } });
    const { container } = renderPage(<HomePage />);
    const html = new DOMParser().parseFromString(readFileSync(resolve(__dirname, '../../../index.html'), 'utf8'), 'text/html');
    const copy = html.querySelector('.boot-home .hero')!;
    const hero = container.querySelector('.hero')!;
    const words = (e: Element) => [...e.querySelectorAll('h1, p, a')].map((x) => x.textContent!.replace(/\s+/g, ' ').trim());
    const links = (e: Element) => [...e.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href'), a.className]);
    expect(words(copy)).toEqual(words(hero));
    expect(links(copy)).toEqual(links(hero));
  });
});

import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { COURT_STATS_MSG, ROUTES, type CourtStatsResponse } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { BusyHours, heatLevel } from './BusyHours';
import { CourtLeaders } from './CourtLeaders';
import { CourtStats } from './CourtStats';
import { CourtTitles } from './CourtTitles';

const grid = () => Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));

describe('busy hours', () => {
  it('draws 7 days of 24 hours, shaded by check-ins, described by the busiest hours', () => {
    const counts = grid();
    counts[5][18] = 8;
    counts[5][19] = 6;
    counts[1][9] = 1;
    render(<BusyHours hours={{ time_zone: 'America/New_York', weeks: 8, counts }} />);
    const map = screen.getByRole('img', { name: 'Check-ins by day and hour' });
    expect(map).toHaveAccessibleDescription('Busiest: Sat 6–8 pm');
    const rows = map.querySelectorAll('.heat__row:not(.heat__hours)');
    expect([...rows].map((r) => r.querySelector('.heat__day')?.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(rows[5].querySelectorAll('.heat__cell')).toHaveLength(24);
    expect(rows[5].querySelectorAll('.heat__cell')[18]).toHaveClass('heat--4');
    expect(rows[1].querySelectorAll('.heat__cell')[9]).toHaveClass('heat--1');
    expect(rows[0].querySelectorAll('.heat__cell')[0]).toHaveClass('heat--0');
    expect(screen.getByText(/in the court’s local time \(America\/New York\)/)).toBeVisible();
  });

  it('says there were no check-ins, with no empty grid', () => {
    render(<BusyHours hours={{ time_zone: 'UTC', weeks: 8, counts: grid() }} />);
    expect(screen.getByTestId('busiest')).toHaveTextContent(COURT_STATS_MSG.noCheckins);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('levels go from 1 to 4 of the busiest hour, 0 for none', () => {
    expect([0, 1, 3, 5, 8].map((n) => heatLevel(n, 8))).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('court leaders', () => {
  it('names the King with the rating shown, the Legend without a hidden one', () => {
    render(
      <MemoryRouter>
        <CourtLeaders
          leaders={{
            king: { user_id: 3, username: 'hooper', games: 6, rating: '4.812' },
            legend: { user_id: 4, username: 'regular', games: 31 },
            king_min_games: 5,
            days: 90,
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('court-king')).toHaveTextContent('hooper · 4.812 · 6 ranked games here');
    expect(screen.getByTestId('court-legend')).toHaveTextContent(/^regular · 31 ranked games here$/);
    expect(within(screen.getByTestId('court-king')).getByRole('link', { name: 'hooper' })).toHaveAttribute('href', '/profile/3');
  });

  it('says what it takes when nobody holds a title', () => {
    render(
      <MemoryRouter>
        <CourtLeaders leaders={{ king: null, legend: null, king_min_games: 5, days: 90 }} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('court-king')).toHaveTextContent(COURT_STATS_MSG.noKing);
    expect(screen.getByTestId('court-legend')).toHaveTextContent(COURT_STATS_MSG.noLegend);
  });
});

describe('court titles on a profile', () => {
  it('lists "Court King · Rucker Park" with a link to the court', async () => {
    mockApi().on(ROUTES.courtTitles, { body: { titles: [{ court_id: 5, court_name: 'Rucker Park', title: 'king' }] } });
    renderPage(<CourtTitles userId={3} />, { as: { userId: 9 } });
    const list = await screen.findByRole('list', { name: 'Court titles' });
    expect(list).toHaveTextContent('Court King · Rucker Park');
    expect(within(list).getByRole('link', { name: 'Rucker Park' })).toHaveAttribute('href', '/court/5');
  });

  it('asks nothing for a visitor', () => {
    const api = mockApi();
    renderPage(<CourtTitles userId={3} />);
    expect(api.callsTo(ROUTES.courtTitles)).toHaveLength(0);
  });
});

describe('the court page stats', () => {
  it('reads the stats apart from the page and shows the leaders and the busy hours', async () => {
    const counts = grid();
    counts[6][10] = 2;
    const body: CourtStatsResponse = {
      court_id: 5,
      busy_hours: { time_zone: 'UTC', weeks: 8, counts },
      leaders: { king: null, legend: { user_id: 4, username: 'regular', games: 1, rating: '4.000' }, king_min_games: 5, days: 90 },
    };
    const api = mockApi().on(ROUTES.courtStats, { body });
    renderPage(<CourtStats courtId={5} gamesToday={[]} />, { as: { userId: 9 } });
    expect(await screen.findByTestId('court-legend')).toHaveTextContent('regular · 4.000 · 1 ranked game here');
    expect(screen.getByTestId('busiest')).toHaveTextContent('Busiest: Sun 10 am–12 pm');
    expect(api.callsTo(ROUTES.courtStats)).toHaveLength(1);
    expect(api.callsTo(ROUTES.courtStats)[0].url.pathname).toMatch(/\/5\/stats$/);
  });
});

import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ROUTES, type ScoreboardView } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { ScorerChoice } from './ScorerChoice';
import { WatchPage } from './WatchPage';
import { forgetScoreDb } from './scoreOutbox';

const teams = {
  A: {
    name: 'Team A',
    players: [
      { userId: 1, username: 'jrivera' },
      { userId: 2, username: 'ava' },
    ],
  },
  B: {
    name: 'Team B',
    players: [
      { userId: 3, username: 'mchen' },
      { userId: 4, username: 'kim' },
    ],
  },
};

function setupView(over: Partial<ScoreboardView['setup']> = {}): ScoreboardView {
  return {
    matchId: 5,
    teams,
    scoringType: '1s & 2s to 21',
    target: 21,
    points: [1, 2],
    status: 'setup',
    mode: 'per-team',
    scorers: [],
    live: { A: 0, B: 0 },
    gamePoint: { A: false, B: false },
    divergence: null,
    final: null,
    at: 1,
    setup: { mode: 'per-team', teamScorers: { A: 1, B: 3 }, single: null, ...over },
    events: [],
    myScorerTeam: null,
    spectatorToken: 'tok',
  };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => forgetScoreDb());

const openAs = (userId: number) => renderPage(<ScorerChoice matchId={5} viewerId={userId} />, { as: { userId } });

describe('choosing scorers in the lobby', () => {
  it("one scorer per team by default; a player changes only their own team's", async () => {
    const api = mockApi()
      .on(ROUTES.scoreboard, { body: setupView() })
      .on(ROUTES.chooseScorer, { body: { message: 'Scorer set.', scoreboard: setupView({ teamScorers: { A: 2, B: 3 } }) } });
    const { user } = openAs(1);
    const pick = await screen.findByLabelText('Team A scorer');
    expect(pick).toHaveValue('1');
    expect(screen.getByText('mchen')).toBeVisible(); // Team B's, named, not a choice
    expect(screen.queryByLabelText('Team B scorer')).toBeNull();
    await user.selectOptions(pick, '2');
    expect(await screen.findByText('Scorer set.')).toBeVisible();
    expect(api.callsTo(ROUTES.chooseScorer)[0].body).toEqual({ team: 'A', userId: 2 });
    expect(screen.getByLabelText('Team A scorer')).toHaveValue('2');
  });

  it('"one scorer for both" is asked of everyone; each player accepts it', async () => {
    const proposed = setupView({ single: { userId: 4, acceptedBy: [1], agreed: false } });
    const api = mockApi()
      .on(ROUTES.scoreboard, { body: setupView() })
      .on(ROUTES.proposeSingleScorer, { body: { message: 'Asked everyone to accept one scorer for both teams.', scoreboard: proposed } });
    const { user } = openAs(1);
    await user.click(await screen.findByRole('button', { name: 'One scorer for both…' }));
    await user.selectOptions(screen.getByLabelText('Scorer for both teams'), '4');
    await user.click(screen.getByRole('button', { name: 'Ask everyone to accept' }));
    const proposal = await screen.findByTestId('single-scorer-proposal');
    expect(proposal).toHaveTextContent('One scorer for both: kim · accepted by 1 of 4');
    expect(within(proposal).getByText('Waiting for every player to accept.')).toBeVisible();
    expect(api.callsTo(ROUTES.proposeSingleScorer)[0].body).toEqual({ userId: 4 });
  });

  it('another player sees the proposal with Accept and Decline', async () => {
    const api = mockApi()
      .on(ROUTES.scoreboard, { body: setupView({ single: { userId: 4, acceptedBy: [1], agreed: false } }) })
      .on(ROUTES.answerSingleScorer, {
        body: { message: 'You accepted one scorer for both teams.', scoreboard: setupView({ single: { userId: 4, acceptedBy: [1, 3], agreed: false } }) },
      });
    const { user } = openAs(3);
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('You accepted one scorer for both teams.')).toBeVisible();
    expect(api.callsTo(ROUTES.answerSingleScorer)[0].body).toEqual({ accept: true });
    expect(screen.getByTestId('single-scorer-proposal')).toHaveTextContent('accepted by 2 of 4');
  });

  it('once every player accepted, it names the one scorer', async () => {
    mockApi().on(ROUTES.scoreboard, { body: setupView({ mode: 'single', single: { userId: 4, acceptedBy: [1, 2, 3, 4], agreed: true } }) });
    openAs(2);
    expect(await screen.findByText(/keeps the score for both teams/)).toHaveTextContent('kim keeps the score for both teams.');
  });
});

describe('the spectator page', () => {
  it('shows the live score to a visitor, with names and no rating', async () => {
    const { matchId, teams: t, scoringType, target, points, status, mode, scorers, gamePoint, divergence, final, at } = setupView();
    const api = mockApi().on(ROUTES.spectatorScoreboard, {
      body: {
        matchId,
        teams: t,
        scoringType,
        target,
        points,
        status: status && 'live',
        mode,
        scorers,
        live: { A: 12, B: 20 },
        gamePoint: { ...gamePoint, B: true },
        divergence,
        final,
        at,
      },
    });
    renderPage(<WatchPage />, { at: '/watch/tok', path: '/watch/:token' });
    expect(await screen.findByLabelText('Team B: 20')).toBeVisible();
    expect(screen.getByLabelText('Team A: 12')).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'Team B' })).getByText('Game point')).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.body.textContent).not.toMatch(/\d\.\d{3}/); // no shown rating anywhere
    expect(api.callsTo(ROUTES.spectatorScoreboard)[0].headers.Authorization).toBeUndefined();
  });

  it('says when a link is not valid', async () => {
    mockApi().on(ROUTES.spectatorScoreboard, { status: 404, body: { message: 'This scoreboard link is not valid.' } });
    renderPage(<WatchPage />, { at: '/watch/nope', path: '/watch/:token' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This scoreboard link is not valid.');
  });

  it('a finished game says who won', async () => {
    const v = setupView();
    mockApi().on(ROUTES.spectatorScoreboard, { body: { ...v, status: 'complete', final: { A: 21, B: 17 }, live: { A: 21, B: 17 } } });
    renderPage(<WatchPage />, { at: '/watch/tok', path: '/watch/:token' });
    expect(await screen.findByText('Final: Team A 21–17 Team B · Team A won')).toBeVisible();
  });
});

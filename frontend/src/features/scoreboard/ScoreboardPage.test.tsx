import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { ROUTES, type NewScoreEvent, type ScoreboardView, type ScoreEvent } from '@gotnext/shared';
import { matchDetails, player } from '../../test/fixtures';
import { mockApi, type RecordedCall } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { useSocketStatusStore } from '../../realtime/socket';
import { ScoreboardPage } from './ScoreboardPage';
import { scoreboardKeys } from './scoreboardCache';
import { forgetScoreDb, pendingTaps } from './scoreOutbox';

const ME = 1;
const OTHER = 2;

function board(over: Partial<ScoreboardView> = {}): ScoreboardView {
  return {
    matchId: 5,
    teams: { A: { name: 'jrivera', players: [{ userId: ME, username: 'jrivera' }] }, B: { name: 'mchen', players: [{ userId: OTHER, username: 'mchen' }] } },
    scoringType: '1s & 2s to 11',
    target: 11,
    points: [1, 2],
    status: 'live',
    mode: 'per-team',
    scorers: [],
    live: { A: 0, B: 0 },
    gamePoint: { A: false, B: false },
    divergence: null,
    final: null,
    at: 1,
    setup: { mode: 'per-team', teamScorers: { A: ME, B: OTHER }, single: null },
    events: [],
    myScorerTeam: 'A',
    spectatorToken: 'tok123',
    ...over,
  };
}

/** The API as far as the scoreboard reaches it: it stores each event once, by its id. */
function server(initial: ScoreboardView) {
  let view = initial;
  let held: Promise<void> = Promise.resolve();
  const api = mockApi()
    .on(ROUTES.scoreboard, () => ({ body: view }))
    .on(ROUTES.matchDetails, { body: matchDetails({ match_type: '1v1', status: 'in-progress', opponent: player(OTHER, 'mchen') }) })
    .on(ROUTES.postScoreEvents, async (req: RecordedCall) => {
      const sent = (req.body as { events: NewScoreEvent[] }).events;
      const fresh = sent.filter((e) => !view.events.some((s) => s.clientEventId === e.clientEventId));
      const stored: ScoreEvent[] = fresh.map((e) => ({ ...e, matchId: 5, scorer: ME, serverTime: new Date().toISOString() }));
      view = { ...view, events: [...view.events, ...stored], at: view.at + 1 };
      const answered = view;
      await held;
      return { body: { message: 'Score synced.', stored: fresh.length, duplicates: sent.length - fresh.length, scoreboard: answered } };
    });
  return {
    api,
    set: (next: ScoreboardView) => {
      view = next;
    },
    view: () => view,
    /** Stores what comes in at once but answers only when released. */
    holdReplies: () => {
      let release = () => {};
      held = new Promise((resolve) => (release = resolve));
      return release;
    },
    sent: () => api.callsTo(ROUTES.postScoreEvents).flatMap((c) => (c.body as { events: NewScoreEvent[] }).events),
  };
}

const open = () => renderPage(<ScoreboardPage />, { at: '/scoreboard/5', path: '/scoreboard/:matchId', as: { userId: ME }, socket: 'down' });
const scoreOf = (name: string) => screen.getByRole('region', { name }).querySelector('[data-testid="team-score"]')?.textContent;

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    useSocketStatusStore.setState({ online: !offline });
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await forgetScoreDb();
  Reflect.deleteProperty(navigator, 'vibrate');
  useSocketStatusStore.setState({ online: true });
});

describe('the scoreboard, as a scorer sees it', () => {
  it('names both teams and the game in words, and gives big +1 / +2 buttons per team', async () => {
    server(board());
    open();
    expect(await screen.findByRole('heading', { name: 'jrivera' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'mchen' })).toBeVisible();
    expect(screen.getByText('Game to 11 · baskets count 1 and 2')).toBeVisible();
    for (const name of ['+1 jrivera', '+2 jrivera', '+1 mchen', '+2 mchen']) expect(screen.getByRole('button', { name })).toBeEnabled();
  });

  it('a 2s & 3s game gives +2 / +3', async () => {
    server(board({ scoringType: '2s & 3s to 21', target: 21, points: [2, 3] }));
    open();
    expect(await screen.findByRole('button', { name: '+3 mchen' })).toBeVisible();
    expect(screen.queryByRole('button', { name: '+1 mchen' })).toBeNull();
  });

  it('a tap counts at once, buzzes the phone and goes to the server with its id and counter', async () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    const s = server(board());
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: '+2 jrivera' }));
    await waitFor(() => expect(scoreOf('jrivera')).toBe('2'));
    expect(vibrate).toHaveBeenCalled();
    await waitFor(() => expect(s.sent()).toHaveLength(1));
    expect(s.sent()[0]).toMatchObject({ kind: 'tap', team: 'A', points: 2, deviceSeq: 1, undoes: null });
  });

  it('undo takes back my last tap, as an event of its own', async () => {
    const s = server(board());
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: '+1 jrivera' }));
    await waitFor(() => expect(s.sent()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: '+2 mchen' }));
    await waitFor(() => expect(s.sent()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Undo my last tap' }));
    await waitFor(() => expect(s.sent()).toHaveLength(3));
    expect(s.sent()[2]).toMatchObject({ kind: 'undo', team: 'B', points: 0, undoes: s.sent()[1].clientEventId, deviceSeq: 3 });
    expect(scoreOf('jrivera')).toBe('1');
    expect(scoreOf('mchen')).toBe('0');
  });

  it('a read that left before my tap was stored, and lands after it, never takes the tap back', async () => {
    const s = server(board());
    const { user, client } = open();
    await screen.findByRole('button', { name: '+1 jrivera' });
    // A poll leaves with the board as it is now and is held until the tap's own reply has landed.
    let land = () => {};
    s.api.on(ROUTES.scoreboard, () => {
      const before = s.view();
      return new Promise((resolve) => (land = () => resolve({ body: before })));
    });
    const poll = client.refetchQueries({ queryKey: scoreboardKeys.view(5) });
    await waitFor(() => expect(s.api.callsTo(ROUTES.scoreboard)).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: '+1 jrivera' }));
    await waitFor(async () => {
      expect(s.sent()).toHaveLength(1);
      expect(await pendingTaps(ME, 5)).toHaveLength(0);
    });
    land();
    await act(() => poll);
    expect(scoreOf('jrivera')).toBe('1');
  });

  it('shows "Game point" when a team is one basket from the target', async () => {
    server(board({ live: { A: 9, B: 3 }, myScorerTeam: null }));
    open();
    const a = await screen.findByRole('region', { name: 'jrivera' });
    expect(within(a).getByText('Game point')).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'mchen' })).queryByText('Game point')).toBeNull();
  });
});

describe('offline', () => {
  it('keeps scoring, says so and how many points wait, then sends them in order once back', async () => {
    const s = server(board());
    const { user } = open();
    await screen.findByRole('button', { name: '+1 jrivera' });
    goOffline(true);
    await user.click(screen.getByRole('button', { name: '+1 jrivera' }));
    await user.click(screen.getByRole('button', { name: '+2 mchen' }));
    await user.click(screen.getByRole('button', { name: '+2 jrivera' }));
    const sync = await screen.findByTestId('score-sync');
    await waitFor(() => expect(sync).toHaveTextContent('3 points waiting to sync'));
    expect(sync).toHaveTextContent('Offline');
    expect(scoreOf('jrivera')).toBe('3');
    expect(s.sent()).toHaveLength(0);

    goOffline(false);
    await waitFor(() => expect(s.sent().map((e) => e.deviceSeq)).toEqual([1, 2, 3]));
    await waitFor(() => expect(screen.queryByTestId('score-sync')).toBeNull());
    expect(scoreOf('jrivera')).toBe('3');
    expect(scoreOf('mchen')).toBe('2');
  });

  it('a reload without signal keeps the score and the waiting taps, which go once the network is back, each once', async () => {
    const s = server(board());
    const first = open();
    await first.user.click(await screen.findByRole('button', { name: '+2 jrivera' }));
    await waitFor(() => expect(s.sent()).toHaveLength(1));
    goOffline(true);
    await first.user.click(screen.getByRole('button', { name: '+1 mchen' }));
    await waitFor(() => expect(screen.getByTestId('score-sync')).toHaveTextContent('1 point waiting to sync'));
    first.unmount();

    // The reload: the read cannot reach the server, the page answers from this phone.
    s.api.on(ROUTES.scoreboard, 'network-error');
    open();
    await waitFor(() => expect(scoreOf('mchen')).toBe('1'));
    expect(scoreOf('jrivera')).toBe('2');
    expect(screen.getByTestId('score-sync')).toHaveTextContent('1 point waiting to sync');

    goOffline(false);
    await waitFor(() => expect(s.sent()).toHaveLength(2));
    expect(new Set(s.sent().map((e) => e.clientEventId)).size).toBe(2);
  });

  it("a board closed while its tap's reply is on the way still shows the tap after a reload without signal", async () => {
    const s = server(board());
    const first = open();
    await screen.findByRole('button', { name: '+2 jrivera' });
    const release = s.holdReplies();
    await first.user.click(screen.getByRole('button', { name: '+2 jrivera' }));
    await waitFor(() => expect(s.sent()).toHaveLength(1));
    goOffline(true);
    first.unmount();
    release();
    // The reply lands after the board closed: the server holds the tap, the outbox lets it go.
    await waitFor(async () => expect(await pendingTaps(ME, 5)).toHaveLength(0));

    s.api.on(ROUTES.scoreboard, 'network-error');
    open();
    await waitFor(() => expect(scoreOf('jrivera')).toBe('2'));
  });
});

describe('two scorers, one result', () => {
  it('when the streams split: "You differ from 9–8", undo, or open a dispute', async () => {
    const s = server(board({ status: 'diverged', divergence: { at: '9–8' } }));
    s.api.on(ROUTES.witnessedDispute, { body: { message: 'Dispute opened. Both score logs are attached for the players and the moderators.' } });
    const { user } = open();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('You differ from 9–8.');
    await user.click(within(banner).getByRole('button', { name: 'Open a dispute' }));
    expect(await screen.findByText('Dispute opened. Both score logs are attached for the players and the moderators.')).toBeVisible();
    expect(s.api.callsTo(ROUTES.witnessedDispute)).toHaveLength(1);
  });

  it('a finished match shows the result card by itself: no score to type', async () => {
    const done = board({ status: 'complete', final: { A: 11, B: 7 }, live: { A: 11, B: 7 } });
    const s = server(done);
    s.api.on(ROUTES.matchDetails, {
      body: matchDetails({
        match_type: '1v1',
        status: 'completed',
        opponent: player(OTHER, 'mchen'),
        result: { outcome: 'Win', text: 'You won 11–7 vs mchen', rating_pending: false } as never,
      }),
    });
    open();
    expect(await screen.findByTestId('result-summary')).toHaveTextContent('You won 11–7 vs mchen');
    expect(screen.queryByRole('button', { name: '+1 jrivera' })).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it('a player who does not score reads the live score, without buttons', async () => {
    server(board({ myScorerTeam: null, live: { A: 4, B: 6 } }));
    open();
    await waitFor(() => expect(scoreOf('mchen')).toBe('6'));
    expect(screen.queryByRole('button', { name: /^\+/ })).toBeNull();
    expect(screen.getByText('Live score: the scorers keep it on their phones.')).toBeVisible();
  });

  it('offers the public link to watch, with its QR code', async () => {
    server(board());
    open();
    expect(await screen.findByLabelText('Spectator link')).toHaveValue(`${window.location.origin}/watch/tok123`);
  });
});

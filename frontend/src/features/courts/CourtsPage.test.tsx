import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ROUTES, type CourtSummary } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { CourtsPage } from './CourtsPage';

const court = (id: number, over: Partial<CourtSummary> = {}): CourtSummary => ({
  court_id: id,
  name: `Court ${id}`,
  address: '',
  lat: 0,
  lng: 0,
  indoor: false,
  hoops: 1,
  game_size: 5,
  status: 'approved',
  distance_m: 350 * id,
  headcount: 0,
  queue_length: 0,
  run_forming: false,
  favourite: false,
  ...over,
});

function geolocation(answer: 'allow' | 'deny') {
  vi.stubGlobal('navigator', {
    ...navigator,
    geolocation: {
      getCurrentPosition: (ok: (p: unknown) => void, fail: () => void) => (answer === 'allow' ? ok({ coords: { latitude: 40.83, longitude: -73.94 } }) : fail()),
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('/courts', () => {
  it('with location: asks the server for courts near the phone and shows distance, headcount, queue and run forming', async () => {
    geolocation('allow');
    const api = mockApi().on(ROUTES.courts, {
      body: { courts: [court(1, { favourite: true, distance_m: 2400 }), court(2, { headcount: 10, queue_length: 3, run_forming: true })] },
    });
    renderPage(<CourtsPage />, { at: '/courts', as: { userId: 1 } });
    expect(await screen.findByRole('link', { name: /Court 1/ })).toHaveTextContent('★ Court 1');
    expect(screen.getByText(/2\.4 km · 0 here · 0 in queue/)).toBeVisible();
    expect(screen.getByText(/700 m · 10 here · 3 in queue/)).toBeVisible();
    expect(screen.getByText('Run forming')).toBeVisible();
    const asked = api.callsTo(ROUTES.courts)[0].url.searchParams;
    expect([asked.get('lat'), asked.get('lng')]).toEqual(['40.83', '-73.94']);
  });

  it("without location: the region's courts, and says so", async () => {
    geolocation('deny');
    const api = mockApi().on(ROUTES.courts, { body: { courts: [] } });
    renderPage(<CourtsPage />, { at: '/courts', as: { userId: 1 } });
    expect(await screen.findByText(/Location is off: courts in your state or region/)).toBeVisible();
    expect(await screen.findByText('No courts found. Add the one you play at.')).toBeVisible();
    expect(api.callsTo(ROUTES.courts)[0].url.searchParams.get('lat')).toBeNull();
  });
});

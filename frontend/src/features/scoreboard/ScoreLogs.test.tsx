import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ScoreEvent } from '@gotnext/shared';
import { ScoreLogs } from './ScoreLogs';

const ev = (scorer: number, kind: 'tap' | 'undo', n: number): ScoreEvent => ({
  kind,
  team: 'A',
  points: kind === 'tap' ? 1 : 0,
  clientEventId: `${scorer}-${n}`,
  deviceSeq: n,
  clientTime: '2026-03-01T18:30:00.000Z',
  undoes: null,
  matchId: 5,
  scorer,
  serverTime: '2026-03-01T18:30:00.000Z',
});

describe("a witnessed dispute's evidence", () => {
  it('says where the scorers split and what each one kept', () => {
    render(
      <ScoreLogs
        evidence={{
          divergence: { at: '9–8' },
          scorers: [
            { userId: 1, username: 'jrivera', team: 'A', score: { A: 11, B: 9 }, finished: true, lastEventAt: null },
            { userId: 2, username: 'mchen', team: 'B', score: { A: 10, B: 11 }, finished: true, lastEventAt: null },
          ],
          events: [ev(1, 'tap', 1), ev(1, 'tap', 2), ev(1, 'undo', 3), ev(2, 'tap', 1)],
        }}
      />,
    );
    expect(screen.getByText('The scorers split after 9–8.')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Score logs' })).toHaveTextContent('jrivera: 11–9 (2 taps, 1 undone)');
    expect(screen.getByRole('region', { name: 'Score logs' })).toHaveTextContent('mchen: 10–11 (1 tap, 0 undone)');
  });

  it('shows nothing for a match reported the old way', () => {
    const { container } = render(<ScoreLogs evidence={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});

import { inQuietHours } from './alerts';

describe('quiet hours (docs/courts.md#alerts)', () => {
  it('are 22:00 to 08:00', () => {
    expect(Array.from({ length: 24 }, (_, h) => h).filter(inQuietHours)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 22, 23]);
  });
});

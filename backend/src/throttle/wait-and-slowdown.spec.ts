import { slowdownMs } from './login-attempts';
import { waitText } from './wait-text';

describe('what a throttled caller waits', () => {
  it('says the wait in words, rounded up to whole minutes from a minute on', () => {
    expect([1, 2, 59, 60, 61, 899, 900, 3600, 7200, 7201, 86400].map(waitText)).toEqual([
      '1 second',
      '2 seconds',
      '59 seconds',
      '1 minute',
      '2 minutes',
      '15 minutes',
      '15 minutes',
      '60 minutes',
      '120 minutes',
      '3 hours',
      '24 hours',
    ]);
  });

  it('slows a pair down from its third unresolved attempt, doubling up to a cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(slowdownMs)).toEqual([0, 0, 500, 1000, 2000, 4000, 4000, 4000]);
  });
});

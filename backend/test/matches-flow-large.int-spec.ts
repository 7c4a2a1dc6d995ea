import { TestEnv, useTestApp } from './support/harness';
import { playMatchTypeEndToEnd } from './support/match-flow';

describe('matches end to end (3v3, 4v4, 5v5): create, fill, start, agree, dispute, resolve, rating, statistics', () => {
  let env: TestEnv;
  let one: string;
  let two: string;

  useTestApp({ apis: 2, worker: true }, (started) => {
    env = started.env;
    [one, two] = started.apis.map((api) => api.url);
  });

  it('plays a ranked 3v3 from code to rating', () => playMatchTypeEndToEnd(env, one, two, '3v3'));
  it('plays a ranked 4v4 from code to rating', () => playMatchTypeEndToEnd(env, one, two, '4v4'));
  it('plays a ranked 5v5 from code to rating', () => playMatchTypeEndToEnd(env, one, two, '5v5'));
});

import { TestEnv, useTestApp } from './support/harness';
import { playMatchTypeEndToEnd } from './support/match-flow';

describe('matches end to end (1v1, 2v2): create, fill, start, agree, dispute, resolve, rating, statistics', () => {
  let env: TestEnv;
  let one: string;
  let two: string;

  useTestApp({ apis: 2, worker: true }, (started) => {
    env = started.env;
    [one, two] = started.apis.map((api) => api.url);
  });

  it('plays a ranked 1v1 from code to rating', () => playMatchTypeEndToEnd(env, one, two, '1v1'));
  it('plays a ranked 2v2 from code to rating', () => playMatchTypeEndToEnd(env, one, two, '2v2'));
});

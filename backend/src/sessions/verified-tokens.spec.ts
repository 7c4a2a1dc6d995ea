import { VerifiedTokens } from './verified-tokens';

describe('VerifiedTokens', () => {
  const claims = { sub: 7, user_id: 7, sid: 's', exp: 1_000 };

  it('answers a remembered token until the second of its expiry, then forgets it', () => {
    const tokens = new VerifiedTokens<typeof claims>();
    expect(tokens.get('t', 0)).toBeUndefined();
    tokens.remember('t', claims);
    expect(tokens.get('t', 999_999)).toBe(claims);
    expect(tokens.get('t', 1_000_000)).toBeUndefined(); // jsonwebtoken: expired once now >= exp
    expect(tokens.get('t', 0)).toBeUndefined();
  });

  it('knows a token only by all of its text', () => {
    const tokens = new VerifiedTokens<typeof claims>();
    tokens.remember('abc.def.ghi', claims);
    expect(tokens.get('abc.def.gh', 0)).toBeUndefined();
    expect(tokens.get('abc.def.ghj', 0)).toBeUndefined();
  });

  it('starts over when full', () => {
    const tokens = new VerifiedTokens<typeof claims>(2);
    tokens.remember('a', claims);
    tokens.remember('b', claims);
    tokens.remember('c', claims);
    expect(tokens.get('a', 0)).toBeUndefined();
    expect(tokens.get('c', 0)).toBe(claims);
  });
});

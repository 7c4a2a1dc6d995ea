import fc from 'fast-check';
import { MSG } from '../messages';
import { hasForbiddenChars, inputProblem, isDbId, jsonDepthExceeds, MAX_BODY_DEPTH, MAX_DB_ID, parseDbId } from './input';
import { preferencesFrom, preferencesProblem } from './account';
import { parseRoom } from '../realtime/events';

describe('the edge rules (docs/api.md#input-refused-at-the-edge)', () => {
  it('takes ids that fit PostgreSQL integer only', () => {
    expect([1, MAX_DB_ID].map(isDbId)).toEqual([true, true]);
    expect([0, -1, 1.5, MAX_DB_ID + 1, Number.NaN, Infinity, '1'].map(isDbId)).toEqual(Array(7).fill(false));
    expect(['1', '2147483647'].map(parseDbId)).toEqual([1, MAX_DB_ID]);
    expect(['2147483648', '99999999999', '01', '-1', '1.5', '1e3', '0x10', ' 1', 'NaN', ''].map(parseDbId)).toEqual(Array(10).fill(null));
    expect(parseRoom(`match:${MAX_DB_ID + 1}`)).toBeNull();
    expect(parseRoom('match:7')).toEqual({ kind: 'match', id: 7 });
  });

  it('finds NUL bytes and lone surrogates, and lets every well-formed text through', () => {
    expect(['a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800'].map(hasForbiddenChars)).toEqual([true, true, true, true]);
    expect(['😀', 'Zoë', '', 'a\tb\n'].map(hasForbiddenChars)).toEqual([false, false, false, false]);
    // eslint-disable-next-line no-control-regex -- strips the NUL the rule refuses, to test everything else
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => !hasForbiddenChars(s.replace(/\u0000/g, ''))));
  });

  it('names the first problem anywhere in a parsed input', () => {
    expect(inputProblem({ a: [{ b: 'x\u0000' }] })).toBe(MSG.invalidCharacters);
    expect(inputProblem({ ['k\ud800']: 1 })).toBe(MSG.invalidCharacters);
    expect(inputProblem(JSON.parse('{"a":{"constructor":1}}'))).toBe(MSG.unknownField('constructor'));
    expect(inputProblem(JSON.parse('{"__proto__":1}'))).toBe(MSG.unknownField('__proto__'));
    expect(inputProblem({ a: 1, b: ['x', null, true], c: { d: 'ok' } })).toBeNull();
  });

  it('measures JSON depth from the raw text, strings and escapes included', () => {
    const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(jsonDepthExceeds(nested(MAX_BODY_DEPTH))).toBe(false);
    expect(jsonDepthExceeds(nested(MAX_BODY_DEPTH + 1))).toBe(true);
    expect(jsonDepthExceeds(`{"a":"${'['.repeat(50)}\\""}`)).toBe(false);
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => !jsonDepthExceeds(JSON.stringify(v))));
  });

  it('keeps preferences a closed set: prototype names are unknown keys, stored extras are never read', () => {
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(preferencesProblem(JSON.parse(`{"${key}":true}`))).toBe(MSG.unknownPreference(key));
    }
    expect(preferencesProblem({ displayRating: 'yes' })).toBe(MSG.preferencesInvalid);
    expect(preferencesProblem({ displayRating: false })).toBeNull();
    const read = preferencesFrom(JSON.parse('{"hasOwnProperty":true,"displayRating":false,"allowMessages":"no"}'));
    expect(Object.keys(read).sort()).toEqual([
      'allowMessages',
      'censorSensitiveInfo',
      'displayHeight',
      'displayRating',
      'displayStateRanking',
      'displayWeight',
      'displayWinsLosses',
    ]);
    expect(read).toMatchObject({ displayRating: false, allowMessages: true });
  });
});

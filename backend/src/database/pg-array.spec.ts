import { pgArray } from './pg-array';

// node-postgres's own conversion of a parameter, and the array parser its type parsers use (both untyped modules).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- untyped module: the cast states the one function used
const { prepareValue } = require('pg/lib/utils') as { prepareValue: (value: unknown) => unknown };
// eslint-disable-next-line @typescript-eslint/no-require-imports -- untyped module: the cast states the one function used
const { parse } = require('postgres-array') as { parse: (literal: string) => (string | null)[] };

/** What PostgreSQL reads from a literal: each element's text, NULL as null (the element parser pg itself uses). */
const elements = (literal: string) => parse(literal);

describe('pgArray', () => {
  it('says what node-postgres would send for the same array, element for element', () => {
    const samples: (number | boolean | string | null | undefined)[][] = [
      [],
      [1, 2, 3],
      [1548.2306517857141, -0, 0, 1e-7, -19.29, 1e21, Number.MAX_VALUE],
      [true, false],
      [null, 4, undefined],
      ['Win 11–5 vs "Bo"', 'back\\slash', '', 'NULL', 'a,b', '{x}', ' spaced ', 'déjà vu'],
    ];
    for (const values of samples) expect(elements(pgArray(values))).toEqual(elements(prepareValue(values) as string));
  });
});

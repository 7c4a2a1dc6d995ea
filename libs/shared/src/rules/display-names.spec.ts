import { MSG } from '../messages';
import { displayNameCharactersProblem } from './display-names';

const problem = (name: string) => displayNameCharactersProblem(name, 'League name');

describe('displayNameCharactersProblem', () => {
  it.each([
    ['RTL override', 'Hoops\u202Egnp.exe'],
    ['RTL isolate', 'Hoops\u2067x\u2069'],
    ['right-to-left mark', 'Hoops\u200F'],
    ['zero-width space', 'Ho\u200Bops'],
    ['zero-width joiner between letters', 'Ho\u200Dops'],
    ['word joiner', 'Ho\u2060ops'],
    ['byte order mark', '\uFEFFHoops'],
    ['Hangul filler', 'Hoops\u3164'],
  ])('refuses a %s', (_, name) => expect(problem(name)).toBe(MSG.nameHiddenCharacters('League name')));

  it('refuses a name of combining marks only, and one with a pile of marks on one letter', () => {
    expect(problem('\u0301\u0308 \u0327')).toBe(MSG.nameNeedsVisibleCharacter('League name'));
    expect(problem('Ho\u0301\u0302\u0303\u0304ops')).toBe(MSG.nameTooManyMarks('League name'));
  });

  it.each(['Downtown Hoops', 'Ballers of Zürich', 'Ligue de l\u2019Île', 'كرة السلة', '篮球联赛', 'Crème brûlée 3x3', 'Family 👨‍👩‍👧 league', 'e\u0301te\u0301 hoops', '🏀🏀'])(
    'accepts %s',
    (name) => expect(problem(name)).toBeNull(),
  );
});

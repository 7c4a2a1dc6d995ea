import { COURT_MSG } from './messages';
import { addCourtProblem, courtNameKey, normalizeCourtName } from './validation';

const form = { name: 'Rucker Park', lat: 40.83, lng: -73.94, indoor: false, hoops: 2, game_size: 5 };

describe('the Add Court form', () => {
  it('accepts a full form', () => {
    expect(addCourtProblem(form)).toBeNull();
  });

  it.each([
    [{ name: ' ... ' }, COURT_MSG.nameRequired],
    [{ name: 'x'.repeat(81) }, COURT_MSG.nameTooLong],
    [{ lat: 91 }, COURT_MSG.locationInvalid],
    [{ lng: '10' }, COURT_MSG.locationInvalid],
    [{ indoor: 'no' }, COURT_MSG.indoorInvalid],
    [{ hoops: 0 }, COURT_MSG.hoopsInvalid],
    [{ hoops: 1.5 }, COURT_MSG.hoopsInvalid],
    [{ game_size: 6 }, COURT_MSG.gameSizeInvalid],
    [{ notes: 'x'.repeat(501) }, COURT_MSG.notesTooLong],
  ])('refuses %j', (change, message) => {
    expect(addCourtProblem({ ...form, ...change })).toBe(message);
  });

  it('one key for the same name however it is typed', () => {
    expect(courtNameKey('  Rucker   Park. ')).toBe(courtNameKey('rucker park'));
    expect(normalizeCourtName('  Rucker   Park ')).toBe('Rucker Park');
  });
});

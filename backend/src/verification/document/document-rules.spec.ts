import { frontShowsNumber, isExpired, licenceFitsRegion, nationalityFitsRegion, sameDocumentName, sameName } from './document-rules';
import { documentHash } from './document-hash';

const marcus = { firstName: 'Marcus', lastName: 'Johnson', dateOfBirth: '1999-06-15', state: 'CA' };

describe('document rules (docs/identity-rules.md#document-checks)', () => {
  it('compares names by their letters, ignoring case, accents and punctuation, with no typo', () => {
    expect(sameName("O'Neil", 'ONEIL')).toBe(true);
    expect(sameName('José', 'JOSE')).toBe(true);
    expect(sameName('Mary Ann', 'MARY ANN')).toBe(true);
    expect(sameName('Marcus', 'MARKUS')).toBe(false);
    expect(sameDocumentName(marcus, { firstName: 'MARCUS', lastName: 'JOHNSON', middleName: 'LEE' })).toBe(true);
    expect(sameDocumentName({ ...marcus, firstName: 'Marcus Lee' }, { firstName: 'MARCUS', lastName: 'JOHNSON', middleName: 'LEE' })).toBe(true);
    expect(sameDocumentName(marcus, { firstName: 'DEREK', lastName: 'JOHNSON' })).toBe(false);
  });

  it("fits a licence to the account's state, to any state of the United States, to any province of Canada", () => {
    expect(licenceFitsRegion('CA', 'CA', 'USA')).toBe(true);
    expect(licenceFitsRegion('CA', 'TX', 'USA')).toBe(false);
    expect(licenceFitsRegion('United States', 'TX', 'USA')).toBe(true);
    expect(licenceFitsRegion('Canada', 'ON', 'CAN')).toBe(true);
    expect(licenceFitsRegion('Germany', 'ON', 'CAN')).toBe(false);
  });

  it("fits a passport's nationality to the account's country", () => {
    expect(nationalityFitsRegion('NY', 'USA')).toBe(true);
    expect(nationalityFitsRegion('Canada', 'CAN')).toBe(true);
    expect(nationalityFitsRegion('Germany', 'D<<')).toBe(true);
    expect(nationalityFitsRegion('United Kingdom', 'GBR')).toBe(true);
    expect(nationalityFitsRegion('France', 'FRA')).toBe(true);
    expect(nationalityFitsRegion('Canada', 'USA')).toBe(false);
  });

  it('holds a document valid through its expiry day', () => {
    expect(isExpired('2026-11-23', '2026-11-23')).toBe(false);
    expect(isExpired('2026-11-22', '2026-11-23')).toBe(true);
  });

  it('finds the number on the front whole, grouped, or with one misread character', () => {
    expect(frontShowsNumber('DL D1234567\nEXP 06/15/2031', 'D1234567')).toBe(true);
    expect(frontShowsNumber('DL D123 4567', 'D1234567')).toBe(true);
    expect(frontShowsNumber('DL D1234S67', 'D1234567')).toBe(true);
    expect(frontShowsNumber('DL D9988776', 'D1234567')).toBe(false);
    // OCR often reads the label and the number as one word; a label of up to three letters is set aside.
    expect(frontShowsNumber('DLD1234567\nEXP 06/15/2031', 'D1234567')).toBe(true);
    expect(frontShowsNumber('DLD1234S67', 'D1234567')).toBe(true);
    expect(frontShowsNumber('DLN D123 4567', 'D1234567')).toBe(true);
    expect(frontShowsNumber('DLD9988776', 'D1234567')).toBe(false);
    expect(frontShowsNumber('4DLD1234567', 'D1234567')).toBe(false);
    expect(frontShowsNumber('ABCDD1234567', 'D1234567')).toBe(false);
  });

  it('hashes a document with the key, the same whatever its spacing, and differently under another key', () => {
    const a = documentHash('k'.repeat(32), { jurisdiction: 'ca', number: 'D123-4567' });
    expect(a).toBe(documentHash('k'.repeat(32), { jurisdiction: 'CA', number: 'D1234567' }));
    expect(a).not.toBe(documentHash('x'.repeat(32), { jurisdiction: 'CA', number: 'D1234567' }));
    expect(a).not.toContain('1234567');
  });
});

import { containsDate, containsPhrase, dateForms, isCheckableRegion, levenshtein, matchIdText, wordsOf } from './id-match';

const marcus = { firstName: 'Marcus', lastName: 'Johnson', dateOfBirth: '1999-06-15', state: 'CA' };
const card = (lines: string[]) => lines.join('\n');

describe('ID text matching (docs/identity-rules.md)', () => {
  it('passes a card that shows name, date of birth and state', () => {
    expect(matchIdText(card(['STATE OF CALIFORNIA', 'DRIVER LICENSE', 'LN JOHNSON', 'FN MARCUS', 'DOB 06/15/1999']), marcus)).toBeNull();
  });

  it('tolerates one OCR typo per name word, not two', () => {
    expect(matchIdText(card(['CALIFORNIA', 'JOHNS0N MARCUS', 'DOB 06/15/1999']), marcus)).toBeNull();
    expect(matchIdText(card(['CALIFORNIA', 'JOHNS00N MARCUS', 'DOB 06/15/1999']), marcus)).toBe('name');
  });

  it('refuses another name', () => {
    expect(matchIdText(card(['CALIFORNIA', 'LN WILLIAMS', 'FN DEREK', 'DOB 06/15/1999']), marcus)).toBe('name');
  });

  it('requires short names to match exactly', () => {
    const al = { ...marcus, firstName: 'Al' };
    expect(matchIdText(card(['CALIFORNIA', 'AN JOHNSON', 'DOB 06/15/1999']), al)).toBe('name');
    expect(matchIdText(card(['CALIFORNIA', 'AL JOHNSON', 'DOB 06/15/1999']), al)).toBeNull();
  });

  it('compares case- and accent-insensitively, and multi-word names word by word', () => {
    const jose = { firstName: 'José María', lastName: "O'Neil-Smith", dateOfBirth: '2001-01-05', state: 'Spain' };
    expect(matchIdText('REINO DE SPAIN\nJOSE MARIA\nO NEIL SMITH\n05.01.2001', jose)).toBeNull();
  });

  it.each([['1999-06-15'], ['06/15/1999'], ['6/15/1999'], ['15.06.1999'], ['June 15, 1999'], ['15 JUN 1999'], ['JUN 15 1999'], ['15/06/1999'], ['06 - 15 - 1999']])(
    'finds the date of birth written as %s',
    (written) => {
      expect(containsDate(`DOB ${written} EXP 2030`, '1999-06-15')).toBe(true);
    },
  );

  it('does not find a different date, nor a date inside a longer number', () => {
    expect(containsDate('DOB 06/16/1999', '1999-06-15')).toBe(false);
    expect(containsDate('NO 106/15/19990', '1999-06-15')).toBe(false);
    expect(containsDate('DOBX06/15/1999', '1999-06-15')).toBe(false);
    expect(containsDate('DOB106/15/1999', '1999-06-15')).toBe(false);
  });

  it('finds the date of birth read as one word with its label', () => {
    expect(containsDate('3 DOB06/15/1999 EXP 2030', '1999-06-15')).toBe(true);
    expect(containsDate('BOB06/15/1999', '1999-06-15')).toBe(true);
  });

  it('accepts the state by code or full name, a country by name, and refuses another region', () => {
    const base = 'MARCUS JOHNSON 06/15/1999';
    expect(matchIdText(`${base} CA`, marcus)).toBeNull();
    expect(matchIdText(`${base} STATE OF CALIFORNIA`, marcus)).toBeNull();
    expect(matchIdText(`${base} NEW YORK`, marcus)).toBe('state');
    expect(matchIdText(`${base} NEW YORK`, { ...marcus, state: 'NY' })).toBeNull();
    expect(matchIdText(`${base} CANADA`, { ...marcus, state: 'Canada' })).toBeNull();
    expect(matchIdText(`${base} UNITED STATES OF AMERICA`, { ...marcus, state: 'United States' })).toBeNull();
  });

  it('calls a photo with almost no text unreadable', () => {
    expect(matchIdText(' \n ~ ', marcus)).toBe('unreadable');
  });

  it('has the helpers behave', () => {
    expect(levenshtein('JOHNSON', 'JOHNS0N')).toBe(1);
    expect(levenshtein('KITTEN', 'SITTING')).toBe(3);
    expect(wordsOf("o'neil-smith")).toEqual(['O', 'NEIL', 'SMITH']);
    expect(containsPhrase(['NEW', 'YORK'], 'New York')).toBe(true);
    expect(containsPhrase(['YORK', 'NEW'], 'New York')).toBe(false);
    expect(dateForms('1999-06-15')).toContain('15 JUN 1999');
    expect(isCheckableRegion('N/A')).toBe(false);
    expect(isCheckableRegion('International')).toBe(false);
    expect(isCheckableRegion('TX')).toBe(true);
  });
});

import { mrzLinesFrom, readPassportMrz } from './passport-mrz';

const LINES: [string, string] = ['P<USAJOHNSON<<MARCUS<<<<<<<<<<<<<<<<<<<<<<<<', 'X123456785USA9906150F3106154<<<<<<<<<<<<<<<2'];

describe('passport MRZ (docs/identity-rules.md#passport-mrz)', () => {
  it('reads a TD3 zone whose check digits hold', () => {
    expect(readPassportMrz(LINES)).toMatchObject({
      valid: true,
      documentCode: 'P',
      issuingState: 'USA',
      nationality: 'USA',
      number: 'X12345678',
      lastName: 'JOHNSON',
      firstName: 'MARCUS',
      dateOfBirth: '1999-06-15',
      expiry: '2031-06-15',
    });
  });

  it.each([
    ['document number', 9],
    ['birth date', 19],
    ['expiry', 27],
    ['composite', 43],
  ])('refuses a wrong %s check digit', (_field, at) => {
    const line2 = LINES[1];
    const digit = String((Number(line2[at]) + 1) % 10);
    expect(readPassportMrz([LINES[0], line2.slice(0, at) + digit + line2.slice(at + 1)])?.valid).toBe(false);
  });

  it('puts back what OCR does to fillers and digits', () => {
    const ocr = 'P<USAJOHNSON<<MARCUS<<<<<<<<<<<<<<<<<<<<<L<\nX123456785USA99O6150F3106154<<<<<<<<<<<<<<2\n4\n';
    const lines = mrzLinesFrom(ocr);
    expect(lines).toEqual([LINES[0], 'X123456785USA99O6150F3106154<<<<<<<<<<<<<<<2']);
    expect(readPassportMrz(lines!)).toMatchObject({ valid: true, dateOfBirth: '1999-06-15' });
  });

  it('finds nothing in text without two MRZ lines', () => {
    expect(mrzLinesFrom('PASSPORT\nSurname JOHNSON')).toBeNull();
  });

  it('is not a passport when the document code is not P', () => {
    expect(readPassportMrz(['I<USAJOHNSON<<MARCUS<<<<<<<<<<<<<<<<<<<<<<<<', LINES[1]])?.documentCode).toBe('I');
  });
});

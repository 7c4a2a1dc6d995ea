import { aamvaDate, parseAamva } from './aamva';

const header = (version = '10', iin = '636014') => `@\n\x1e\rANSI ${iin}${version}0001DL00410278`;
const card = (elements: string[], version?: string, iin?: string) => `${header(version, iin)}DL${elements.join('\n')}\r`;
const CALIFORNIA = ['DAQD1234567', 'DCSJOHNSON', 'DACMARCUS', 'DADNONE', 'DBB06151999', 'DBA06152031', 'DAJCA', 'DCGUSA'];

describe('AAMVA licence barcode (docs/identity-rules.md#licence-barcode)', () => {
  it('reads name, birth date, jurisdiction, expiry and number of a US card', () => {
    expect(parseAamva(card(CALIFORNIA))).toMatchObject({
      iin: '636014',
      version: 10,
      jurisdiction: 'CA',
      country: 'USA',
      number: 'D1234567',
      firstName: 'MARCUS',
      lastName: 'JOHNSON',
      middleName: null,
      dateOfBirth: '1999-06-15',
      expiry: '2031-06-15',
    });
  });

  it('reads Canadian dates year first', () => {
    const ontario = ['DAQJ1234-56789-90615', 'DCSTREMBLAY', 'DACLUC', 'DBB19990615', 'DBA20310615', 'DAJON', 'DCGCAN'];
    expect(parseAamva(card(ontario, '10', '636012'))).toMatchObject({
      jurisdiction: 'ON',
      country: 'CAN',
      number: 'J1234-56789-90615',
      dateOfBirth: '1999-06-15',
      expiry: '2031-06-15',
    });
  });

  it('reads a version 1 card: the whole name in DAA, dates year first', () => {
    const v1 = ['DAQ1234567', 'DAAJOHNSON,MARCUS,LEE', 'DBB19990615', 'DBA20310615', 'DAJNY'];
    expect(parseAamva(`@\n\x1e\rAAMVA636001010001DL00410200DL${v1.join('\n')}\r`)).toMatchObject({
      lastName: 'JOHNSON',
      firstName: 'MARCUS',
      middleName: 'LEE',
      dateOfBirth: '1999-06-15',
    });
  });

  it('refuses data that is not an AAMVA card, or lacks a field the check needs', () => {
    expect(parseAamva('LOYALTY CARD 4711')).toBeNull();
    expect(parseAamva(card(CALIFORNIA.filter((e) => !e.startsWith('DBA'))))).toBeNull();
    expect(parseAamva(card(CALIFORNIA.filter((e) => !e.startsWith('DAQ'))))).toBeNull();
  });

  it('refuses impossible dates instead of rolling them over', () => {
    expect(aamvaDate('13151999', 'mdy')).toBeNull();
    expect(aamvaDate('02301999', 'mdy')).toBeNull();
    expect(aamvaDate('02292000', 'mdy')).toBe('2000-02-29');
    expect(parseAamva(card(CALIFORNIA.map((e) => (e.startsWith('DBB') ? 'DBB13151999' : e))))).toBeNull();
  });
});

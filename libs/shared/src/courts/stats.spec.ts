import { busiestText, busiestWindow, hourSpanText } from './stats';

const empty = () => Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));

describe('the busy hours text alternative', () => {
  it('names the busiest pair of neighbouring hours on one day', () => {
    const counts = empty();
    counts[5][18] = 9; // Sat 6 pm
    counts[5][19] = 7;
    counts[2][18] = 10; // a busier single hour on Wednesday, but a quieter pair
    expect(busiestWindow(counts)).toEqual({ day: 5, from: 18, to: 20 });
    expect(busiestText(counts)).toBe('Busiest: Sat 6–8 pm');
  });

  it('reads one busy hour from that hour, across noon and midnight too', () => {
    const counts = empty();
    counts[0][11] = 3;
    expect(busiestText(counts)).toBe('Busiest: Mon 11 am–1 pm');
    const late = empty();
    late[6][23] = 2;
    expect(busiestText(late)).toBe('Busiest: Sun 10 pm–12 am');
  });

  it('says so when nobody checked in', () => {
    expect(busiestWindow(empty())).toBeNull();
    expect(busiestText(empty())).toBe('No check-ins here in the last 8 weeks.');
  });

  it('words hour spans', () => {
    expect(hourSpanText(0, 2)).toBe('12–2 am');
    expect(hourSpanText(12, 14)).toBe('12–2 pm');
    expect(hourSpanText(23, 24)).toBe('11 pm–12 am');
  });
});

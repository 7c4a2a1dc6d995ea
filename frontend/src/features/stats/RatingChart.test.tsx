import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RatingChart } from './RatingChart';

describe('the rating chart', () => {
  it('has a rating axis (highest, lowest) and a date axis (first and last rated match)', () => {
    const year = new Date().getFullYear();
    render(<RatingChart points={[4, 4.112, 3.987, 4.25]} dates={[`${year}-03-01T18:00:00Z`, `${year}-03-04T18:00:00Z`, `${year}-04-12T18:00:00Z`]} />);
    expect(screen.getByTestId('rating-chart-y')).toHaveTextContent('4.2503.987');
    const dates = screen.getByTestId('rating-chart-x').querySelectorAll('time');
    expect([...dates].map((t) => t.getAttribute('datetime'))).toEqual([`${year}-03-01T18:00:00Z`, `${year}-04-12T18:00:00Z`]);
    expect(dates[0].textContent).toMatch(/Mar/);
    expect(dates[1].textContent).toMatch(/Apr/);
    expect(screen.getByRole('img')).toHaveAccessibleName('Rating history: 4.000 to 4.250 over 3 ranked matches');
  });

  it('writes the year of a date from an earlier year', () => {
    render(<RatingChart points={[4, 4.1]} dates={['2024-06-01T12:00:00Z']} />);
    expect(screen.getByTestId('rating-chart-x')).toHaveTextContent(/2024/);
  });
});

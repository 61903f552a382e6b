import { describe, expect, it } from 'vitest';
import { agorotFromInput, formatDay, todayIso } from './order-format';

describe('the payment form’s values', () => {
  it('reads shekels as typed into whole agorot, with a point or a comma', () => {
    expect(agorotFromInput('6')).toBe(600);
    expect(agorotFromInput(' 36.5 ')).toBe(3650);
    expect(agorotFromInput('36,50')).toBe(3650);
    expect(agorotFromInput('0.07')).toBe(7);
    expect(agorotFromInput('0')).toBe(0);
  });

  it('refuses what is not an amount', () => {
    for (const value of ['', '-6', '6.005', 'six', '1e3', '6.']) expect(agorotFromInput(value)).toBeNull();
  });

  it('gives today in the local calendar, as a date input writes it', () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('shows a payment day as that day in any time zone', () => {
    expect(formatDay('2026-05-02', 'en')).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(2026, 4, 2)),
    );
    expect(formatDay('not a day', 'en')).toBe('not a day');
  });
});

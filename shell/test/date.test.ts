import { formatFullDate, formatRelativeDate } from '../src/ui/date';

// Dates are made in the test machine's own time zone, as a member's browser shows them.
const local = (...parts: [number, number, number, number?, number?]) => new Date(...parts).toISOString();
const NOW = new Date(2026, 5, 10, 12, 0);
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();

describe('formatRelativeDate: the date a card shows', () => {
  it('counts minutes, hours and days for the last week', () => {
    expect(formatRelativeDate(ago(20), NOW)).toBe('just now');
    expect(formatRelativeDate(ago(5 * 60), NOW)).toBe('5 min');
    expect(formatRelativeDate(ago(3 * 3600), NOW)).toBe('3 h');
    expect(formatRelativeDate(ago(2 * 86400), NOW)).toBe('2 d');
  });

  it('names the day after a week, with the year only when it is not this one', () => {
    expect(formatRelativeDate(local(2026, 4, 17, 9, 30), NOW)).toBe('May 17');
    expect(formatRelativeDate(local(2026, 1, 3), NOW)).toBe('Feb 3');
    expect(formatRelativeDate(local(2024, 4, 17), NOW)).toBe('May 17, 2024');
    expect(formatRelativeDate(local(2025, 11, 31, 23, 59), NOW)).toBe('Dec 31, 2025');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatRelativeDate('not a date', NOW)).toBe('');
  });
});

describe('formatFullDate: the title on hover', () => {
  it('gives the weekday, the date and the time on a 12-hour clock', () => {
    expect(formatFullDate(local(2024, 4, 17, 9, 30))).toBe('Friday, May 17, 2024 at 9:30 AM');
    expect(formatFullDate(local(2026, 0, 2, 0, 5))).toBe('Friday, January 2, 2026 at 12:05 AM');
    expect(formatFullDate(local(2025, 11, 31, 12, 0))).toBe('Wednesday, December 31, 2025 at 12:00 PM');
    expect(formatFullDate(local(2025, 6, 4, 23, 59))).toBe('Friday, July 4, 2025 at 11:59 PM');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatFullDate('')).toBe('');
  });
});

describe('both forms read as the platform’s own en-US dates', () => {
  // Every month, every weekday, every hour of the day, minutes with and without a leading zero.
  const dates = Array.from({ length: 24 * 14 }, (_, n) => new Date(2025, n % 12, 1 + (n % 28), n % 24, (n * 7) % 60));
  const NEXT_YEAR = new Date(2026, 6, 1);
  const LAST_MINUTE_OF_2025 = new Date(2025, 11, 31, 23, 59);

  it('formatFullDate matches toLocaleString with dateStyle full and timeStyle short', () => {
    for (const date of dates)
      expect(formatFullDate(date.toISOString())).toBe(date.toLocaleString('en-US', { dateStyle: 'full', timeStyle: 'short' }));
  });

  it('formatRelativeDate matches toLocaleDateString with a short month', () => {
    for (const date of dates) {
      expect(formatRelativeDate(date.toISOString(), NEXT_YEAR)).toBe(
        date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
      );
      // Later the same year (more than a week on): no year.
      if (LAST_MINUTE_OF_2025.getTime() - date.getTime() >= 7 * 86400_000)
        expect(formatRelativeDate(date.toISOString(), LAST_MINUTE_OF_2025)).toBe(
          date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' }),
        );
    }
  });
});

// Dates are written out here rather than with Intl.DateTimeFormat: the product's text is English
// (en-US), and a page's first Intl date formatter costs 15-25 ms on this machine's CPU (four times
// that on a phone's), paid in the middle of Home's first render, where every card formats its date.
// shell/test/date.test.ts checks that both forms read exactly as Intl's en-US ones.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
// A valid date's getMonth() is 0-11 and its getDay() 0-6: both lookups always find a name.
const monthName = (date: Date) => MONTHS[date.getMonth()] as string;
const weekdayName = (date: Date) => WEEKDAYS[date.getDay()] as string;

/** "May 17" (the short month is the first three letters in English). */
function monthAndDay(date: Date): string {
  return `${monthName(date).slice(0, 3)} ${date.getDate()}`;
}

/** "9:30 AM", "12:05 AM", "12:00 PM". */
function clockTime(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "just now", "5 min", "3 h", "2 d", "May 17", "May 17, 2024". */
export function formatRelativeDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h`;
  if (seconds < 7 * 86400) return `${Math.floor(seconds / 86400)} d`;
  const sameYear = date.getFullYear() === now.getFullYear();
  return sameYear ? monthAndDay(date) : `${monthAndDay(date)}, ${date.getFullYear()}`;
}

/** The full date and time, for a title on hover: "Friday, May 17, 2024 at 9:30 AM". */
export function formatFullDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${weekdayName(date)}, ${monthName(date)} ${date.getDate()}, ${date.getFullYear()} at ${clockTime(date)}`;
}

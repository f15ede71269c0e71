import { describe, expect, it } from 'vitest';
import { dayInZone, formatDay, formatDayInZone, formatTimeInZone } from './zoned-time';

describe('zoned time', () => {
  // 23:30 on May 30 in UTC is already May 31 in Tokyo and still May 30 in New York.
  const lateEvening = '2025-05-30T23:30:00.000Z';

  it('finds the day an instant falls on in the user’s zone', () => {
    expect(dayInZone(lateEvening, 'UTC')).toBe('2025-05-30');
    expect(dayInZone(lateEvening, 'Asia/Tokyo')).toBe('2025-05-31');
    expect(dayInZone(lateEvening, 'America/New_York')).toBe('2025-05-30');
  });

  it('writes days as MMMM d, yyyy', () => {
    expect(formatDay('2025-05-03')).toBe('May 3, 2025');
    expect(formatDayInZone(lateEvening, 'Asia/Tokyo')).toBe('May 31, 2025');
    expect(formatDayInZone(lateEvening, 'America/New_York', { weekday: true })).toBe('Friday, May 30, 2025');
  });

  it('writes times of day as h:mm a in the user’s zone', () => {
    expect(formatTimeInZone(lateEvening, 'UTC')).toBe('11:30 PM');
    expect(formatTimeInZone(lateEvening, 'Asia/Tokyo')).toBe('8:30 AM');
    expect(formatTimeInZone('2025-01-15T12:05:00.000Z', 'Europe/Paris')).toBe('1:05 PM');
  });
});

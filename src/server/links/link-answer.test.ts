import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDate } from './link-answer';

const zones = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'America/St_Johns',
  'Asia/Kathmandu',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
];

describe('localDate', () => {
  it('is the date Intl gives for the instant in the zone, for instants since 1972 in any order', () => {
    const since1972 = fc.date({ min: new Date('1972-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.array(since1972, { minLength: 1, maxLength: 20 }), (zone, instants) => {
        const format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
        for (const instant of instants) expect(localDate(instant, zone)).toBe(format.format(instant));
      }),
      { numRuns: 2000 },
    );
  });

  it('turns at local midnight, minute by minute, around the zones’ midnights and clock changes', () => {
    for (const zone of zones) {
      const format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
      // Two days a minute at a time, newest first as a page lists them, across a DST change (late March).
      const start = Date.parse('2026-03-29T12:00:00Z');
      for (let minutes = 0; minutes < 2 * 24 * 60; minutes++) {
        const instant = new Date(start - minutes * 60_000);
        expect(localDate(instant, zone)).toBe(format.format(instant));
      }
    }
  });
});

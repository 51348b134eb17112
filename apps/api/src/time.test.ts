import { afterEach, describe, expect, it } from 'vitest';
import {
  academicYear,
  DEFAULT_TIME_ZONE,
  localDay,
  minuteOfDay,
  plusDays,
  timeOfMinutes,
  zonedInstant,
  zonedTimestamp,
} from './time.ts';

const PARIS = 'Europe/Paris';
const HOUR = 3_600_000;
const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

describe('localDay', () => {
  it('is the day of Paris, not of UTC, just after midnight in Paris', () => {
    const instant = new Date('2026-11-22T23:30:00Z'); // 00:30 on the 23rd in Paris (winter)
    expect(utcDay(instant)).toBe('2026-11-22');
    expect(localDay(instant, PARIS)).toBe('2026-11-23');
    expect(localDay(new Date('2026-07-14T23:30:00Z'), PARIS)).toBe('2026-07-15'); // 01:30 summer
  });

  it('stays on the same day at 23:30 in Paris, winter and summer', () => {
    expect(localDay(new Date('2026-11-22T22:30:00Z'), PARIS)).toBe('2026-11-22');
    expect(localDay(new Date('2026-07-14T21:30:00Z'), PARIS)).toBe('2026-07-14');
  });

  it('is the day before UTC at 23:30 west of Greenwich', () => {
    const instant = new Date('2026-11-23T02:30:00Z'); // 23:30 on the 22nd in Cayenne (UTC−3)
    expect(utcDay(instant)).toBe('2026-11-23');
    expect(localDay(instant, 'America/Cayenne')).toBe('2026-11-22');
  });

  it('answers the day of every noon of a year, daylight saving or not', () => {
    let day = '2026-01-01';
    for (let i = 0; i < 365; i += 1) {
      const noon = zonedInstant(day, '12:00', PARIS);
      expect([localDay(noon, PARIS), minuteOfDay(noon, PARIS)]).toEqual([day, 720]);
      day = plusDays(day, 1);
    }
    expect(day).toBe('2027-01-01');
  });
});

describe('zonedInstant remembered', () => {
  it('answers the same instant again, as a Date of its own that a caller may change', () => {
    const first = zonedInstant('2026-10-25', '02:30', PARIS);
    first.setTime(0);
    const again = zonedInstant('2026-10-25', '02:30', PARIS);
    expect(again).not.toBe(first);
    // The first 02:30 of the autumn overlap, summer time, whatever was done to the first answer.
    expect(again.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedInstant('2026-10-25', '02:30', 'America/Cayenne').toISOString()).toBe(
      '2026-10-25T05:30:00.000Z',
    );
    expect(() => zonedInstant('2026-02-30', '12:00', PARIS)).toThrow(RangeError);
  });
});

describe('daylight saving in Paris', () => {
  it('springs forward on the last Sunday of March: a 23-hour day', () => {
    const start = zonedInstant('2026-03-29', '00:00', PARIS);
    const end = zonedInstant('2026-03-30', '00:00', PARIS);
    expect(start.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(end.getTime() - start.getTime()).toBe(23 * HOUR);
    expect(zonedInstant('2026-03-29', '01:30', PARIS).toISOString()).toBe(
      '2026-03-29T00:30:00.000Z',
    );
    expect(zonedInstant('2026-03-29', '03:30', PARIS).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('moves a time skipped in March forward by the gap', () => {
    expect(zonedInstant('2026-03-29', '02:30:00', PARIS).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z', // 03:30 summer time
    );
    expect(minuteOfDay(new Date('2026-03-29T01:30:00Z'), PARIS)).toBe(3 * 60 + 30);
  });

  it('falls back on the last Sunday of October: a 25-hour day', () => {
    const start = zonedInstant('2026-10-25', '00:00', PARIS);
    const end = zonedInstant('2026-10-26', '00:00', PARIS);
    expect(start.toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(end.toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(end.getTime() - start.getTime()).toBe(25 * HOUR);
    expect(zonedInstant('2026-10-25', '03:30', PARIS).toISOString()).toBe(
      '2026-10-25T02:30:00.000Z',
    );
  });

  describe('a time that happens twice in October', () => {
    const machineZone = process.env.TZ;
    afterEach(() => {
      if (machineZone === undefined) delete process.env.TZ;
      else process.env.TZ = machineZone;
    });

    it('is its first occurrence, whatever the machine’s own zone', () => {
      for (const zone of ['UTC', PARIS, 'America/New_York', 'Australia/Lord_Howe']) {
        process.env.TZ = zone;
        expect(zonedInstant('2026-10-25', '02:30', PARIS).toISOString(), zone).toBe(
          '2026-10-25T00:30:00.000Z', // 02:30 summer time; 01:30 UTC is 02:30 winter time
        );
        expect(localDay(new Date('2026-10-24T22:30:00Z'), PARIS), zone).toBe('2026-10-25');
      }
    });
  });
});

describe('plusDays', () => {
  it('counts calendar days across months, years and leap days', () => {
    expect(plusDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(plusDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(plusDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(plusDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(plusDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(plusDays('2026-11-22', -30)).toBe('2026-10-23');
  });

  it('refuses what is not a day', () => {
    expect(() => plusDays('22/11/2026', 1)).toThrow(RangeError);
    expect(() => zonedInstant('2026-11-22', '25:00', PARIS)).toThrow(RangeError);
  });
});

describe('academicYear', () => {
  it('runs from September to August', () => {
    expect(academicYear('2026-08-31')).toBe('2025-2026');
    expect(academicYear('2026-09-01')).toBe('2026-2027');
    expect(academicYear('2027-01-15')).toBe('2026-2027');
  });

  it('takes the day of the zone: 00:30 on 1 September in Paris is the new year', () => {
    const instant = new Date('2026-08-31T22:30:00Z');
    expect(academicYear(localDay(instant, PARIS))).toBe('2026-2027');
    expect(academicYear(utcDay(instant))).toBe('2025-2026');
  });
});

describe('timeOfMinutes', () => {
  it('writes a time column', () => {
    expect(timeOfMinutes(0)).toBe('00:00:00');
    expect(timeOfMinutes(22 * 60 + 30)).toBe('22:30:00');
    expect(timeOfMinutes(23 * 60 + 59, 59)).toBe('23:59:59');
  });
});

it('defaults to Paris, the zone of a new institution', () => {
  expect(DEFAULT_TIME_ZONE).toBe(PARIS);
});

describe('zonedTimestamp', () => {
  it('writes an instant on the zone’s wall clock, in the reader’s language, the zone named', () => {
    const instant = new Date('2026-03-29T00:59:30Z');
    expect(zonedTimestamp(instant, PARIS, 'fr')).toBe('29 mars 2026, 01:59:30 (Europe/Paris)');
    // One second later the clocks have moved to summer time.
    expect(zonedTimestamp(new Date('2026-03-29T01:00:30Z'), PARIS, 'en')).toBe(
      '29 March 2026, 03:00:30 (Europe/Paris)',
    );
    expect(zonedTimestamp(instant, 'Pacific/Auckland', 'de')).toBe(
      '29. März 2026, 13:59:30 (Pacific/Auckland)',
    );
  });
});

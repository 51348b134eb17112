import { MAX_OCCURRENCES } from '@skolar/shared';
import { describe, expect, it } from 'vitest';
import { occurrencesOf, originalStarts, repeatOf, toRrule } from './recurrence.ts';

const PARIS = 'Europe/Paris';
const iso = (dates: Array<{ starts_at: Date; ends_at: Date }>) =>
  dates.map((d) => [d.starts_at.toISOString(), d.ends_at.toISOString()]);

describe('toRrule and repeatOf', () => {
  it('writes a weekly rule by count, or until the end of a local day in UTC, and reads it back', () => {
    expect(toRrule({ weekdays: ['MO', 'TH'], until: null, count: 12 }, PARIS)).toBe(
      'FREQ=WEEKLY;BYDAY=MO,TH;COUNT=12',
    );
    // 23:59:59 on 30 June in Paris (summer time) is 21:59:59Z.
    const untilRule = toRrule({ weekdays: ['FR'], until: '2027-06-30', count: null }, PARIS);
    expect(untilRule).toBe('FREQ=WEEKLY;BYDAY=FR;UNTIL=20270630T215959Z');
    expect(repeatOf(untilRule, PARIS)).toEqual({
      weekdays: ['FR'],
      until: '2027-06-30',
      count: null,
    });
    // West of Greenwich the end of the day is on the next UTC day; the local day comes back.
    const newYork = toRrule(
      { weekdays: ['MO'], until: '2026-11-09', count: null },
      'America/New_York',
    );
    expect(newYork).toBe('FREQ=WEEKLY;BYDAY=MO;UNTIL=20261110T045959Z');
    expect(repeatOf(newYork, 'America/New_York').until).toBe('2026-11-09');
    expect(repeatOf('FREQ=WEEKLY;BYDAY=TH,MO;COUNT=3', PARIS)).toEqual({
      weekdays: ['MO', 'TH'],
      until: null,
      count: 3,
    });
  });
});

describe('occurrencesOf', () => {
  const weekly = (recurrence: string, exceptions = []) => ({
    // Monday 19 October 2026, 09:00–10:30 in Paris (summer time, UTC+2).
    starts_at: new Date('2026-10-19T07:00:00Z'),
    ends_at: new Date('2026-10-19T08:30:00Z'),
    recurrence,
    exceptions,
  });

  it('keeps 09:00 Paris time across the October change (07:00Z before, 08:00Z after)', () => {
    const series = weekly('FREQ=WEEKLY;BYDAY=MO;COUNT=3');
    expect(iso(occurrencesOf(series, PARIS, null))).toEqual([
      ['2026-10-19T07:00:00.000Z', '2026-10-19T08:30:00.000Z'],
      ['2026-10-26T08:00:00.000Z', '2026-10-26T09:30:00.000Z'],
      ['2026-11-02T08:00:00.000Z', '2026-11-02T09:30:00.000Z'],
    ]);
  });

  it('keeps 09:00 Paris time across the March change', () => {
    // Last Sunday of March 2027: the 28th. 09:00 CET is 08:00Z, 09:00 CEST 07:00Z.
    const series = {
      starts_at: new Date('2027-03-22T08:00:00Z'),
      ends_at: new Date('2027-03-22T09:00:00Z'),
      recurrence: 'FREQ=WEEKLY;BYDAY=MO;COUNT=2',
      exceptions: [],
    };
    expect(iso(occurrencesOf(series, PARIS, null))).toEqual([
      ['2027-03-22T08:00:00.000Z', '2027-03-22T09:00:00.000Z'],
      ['2027-03-29T07:00:00.000Z', '2027-03-29T08:00:00.000Z'],
    ]);
  });

  it('starts and ends all-day occurrences at local midnight', () => {
    const allDay = {
      // Friday 23 October 2026, all day in Paris: 22 Oct 22:00Z to 23 Oct 22:00Z.
      starts_at: new Date('2026-10-22T22:00:00Z'),
      ends_at: new Date('2026-10-23T22:00:00Z'),
      recurrence: 'FREQ=WEEKLY;BYDAY=FR;COUNT=2',
      exceptions: [],
    };
    expect(iso(occurrencesOf(allDay, PARIS, null))).toEqual([
      ['2026-10-22T22:00:00.000Z', '2026-10-23T22:00:00.000Z'],
      ['2026-10-29T23:00:00.000Z', '2026-10-30T23:00:00.000Z'],
    ]);
  });

  it('honours UNTIL as the end of the local day, inclusive', () => {
    const rule = toRrule({ weekdays: ['MO'], until: '2026-11-02', count: null }, PARIS);
    expect(occurrencesOf(weekly(rule), PARIS, null)).toHaveLength(3);
  });

  it('skips a cancelled occurrence and shows a moved one at its new time, even from outside the range', () => {
    const series = {
      ...weekly('FREQ=WEEKLY;BYDAY=MO;COUNT=4'),
      exceptions: [
        {
          original_start: new Date('2026-10-26T08:00:00Z'),
          cancelled: true,
          starts_at: null,
          ends_at: null,
        },
        {
          original_start: new Date('2026-11-02T08:00:00Z'),
          cancelled: false,
          starts_at: new Date('2026-10-28T13:00:00Z'),
          ends_at: new Date('2026-10-28T14:00:00Z'),
        },
      ],
    };
    const all = occurrencesOf(series, PARIS, null);
    expect(all.map((o) => [o.starts_at.toISOString(), o.original_start?.toISOString()])).toEqual([
      ['2026-10-19T07:00:00.000Z', '2026-10-19T07:00:00.000Z'],
      ['2026-10-28T13:00:00.000Z', '2026-11-02T08:00:00.000Z'],
      ['2026-11-09T08:00:00.000Z', '2026-11-09T08:00:00.000Z'],
    ]);
    const week = { start: new Date('2026-10-26T00:00:00Z'), end: new Date('2026-11-01T00:00:00Z') };
    expect(iso(occurrencesOf(series, PARIS, week))).toEqual([
      ['2026-10-28T13:00:00.000Z', '2026-10-28T14:00:00.000Z'],
    ]);
  });

  it('answers a one-off event only when it overlaps the half-open range', () => {
    const oneOff = {
      starts_at: new Date('2026-12-01T09:00:00Z'),
      ends_at: new Date('2026-12-01T10:00:00Z'),
      recurrence: null,
      exceptions: [],
    };
    const range = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) });
    expect(
      occurrencesOf(oneOff, PARIS, range('2026-12-01T10:00:00Z', '2026-12-02T00:00:00Z')),
    ).toEqual([]);
    expect(
      occurrencesOf(oneOff, PARIS, range('2026-12-01T00:00:00Z', '2026-12-01T09:00:00Z')),
    ).toEqual([]);
    expect(
      occurrencesOf(oneOff, PARIS, range('2026-12-01T09:30:00Z', '2026-12-01T09:45:00Z')),
    ).toEqual([{ starts_at: oneOff.starts_at, ends_at: oneOff.ends_at, original_start: null }]);
  });

  it('answers a range with exactly the occurrences of the whole series that overlap it', () => {
    // Weeknights 23:00–01:00 in Auckland from October 2026: both daylight-saving changes of the
    // year, occurrences that start before a range and end in it, one cancelled and one moved.
    const auckland = 'Pacific/Auckland';
    const series = {
      starts_at: new Date('2026-10-05T10:00:00Z'),
      ends_at: new Date('2026-10-05T12:00:00Z'),
      recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=120',
      exceptions: [
        {
          original_start: originalStarts(
            {
              starts_at: new Date('2026-10-05T10:00:00Z'),
              ends_at: new Date('2026-10-05T12:00:00Z'),
              recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=120',
              exceptions: [],
            },
            auckland,
          )[40]!,
          cancelled: true,
          starts_at: null,
          ends_at: null,
        },
      ],
    };
    const all = occurrencesOf(series, auckland, null);
    expect(all).toHaveLength(119);
    for (let day = 0; day < 300; day += 3) {
      const start = new Date(Date.UTC(2026, 9, 1, 11) + day * 86_400_000);
      const range = { start, end: new Date(start.getTime() + 3 * 86_400_000) };
      const expected = all.filter((o) => o.starts_at < range.end && o.ends_at > range.start);
      expect(occurrencesOf(series, auckland, range), start.toISOString()).toEqual(expected);
    }
    const later = {
      start: new Date('2028-01-01T00:00:00Z'),
      end: new Date('2028-02-01T00:00:00Z'),
    };
    expect(occurrencesOf(series, auckland, later)).toEqual([]);
  });

  it('stops a long series at MAX_OCCURRENCES', () => {
    const endless = weekly('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
    expect(originalStarts(endless, PARIS)).toHaveLength(MAX_OCCURRENCES);
    expect(occurrencesOf(endless, PARIS, null)).toHaveLength(MAX_OCCURRENCES);
  });
});

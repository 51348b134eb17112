import type { Clock } from '../src/time.ts';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private current: number;
  constructor(start: Date | string = '2026-11-22T10:00:00Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

import { describe, expect, it } from 'vitest';
import { neutraliseCell } from './csv.ts';

describe('neutraliseCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+33 6 12', "'+33 6 12"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['  =1+1', "'  =1+1"],
    ['Dubois;=1+1', "'Dubois;=1+1"],
    ['Dubois, =1+1', "'Dubois, =1+1"],
  ])('prefixes %j', (value, expected) => {
    expect(neutraliseCell(value)).toBe(expected);
  });

  it.each(['Dubois', '12,5', 'abs', 'Jean-Pierre', 'a@b.test', ''])('leaves %j alone', (value) => {
    expect(neutraliseCell(value)).toBe(value);
  });

  it('keeps numbers and empties nullish cells', () => {
    expect(neutraliseCell(-3)).toBe(-3);
    expect(neutraliseCell(null)).toBe('');
    expect(neutraliseCell(undefined)).toBe('');
  });
});

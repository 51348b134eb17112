import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  DEFAULT_PRIMARY_COLOUR,
  darken,
  lighten,
  mixColours,
  parseHexColour,
  primaryPalette,
  readableOn,
  relativeLuminance,
  textColourOn,
  toHexColour,
} from './colour.ts';

describe('hex parsing and formatting', () => {
  it('parses six and three digit codes, with or without #', () => {
    expect(parseHexColour('#144E5E')).toEqual({ r: 20, g: 78, b: 94 });
    expect(parseHexColour('144e5e')).toEqual({ r: 20, g: 78, b: 94 });
    expect(parseHexColour('#fa0')).toEqual({ r: 255, g: 170, b: 0 });
  });

  it('refuses anything else', () => {
    for (const bad of ['', '#12', '#12345', '#GGGGGG', 'red', '#1234567']) {
      expect(parseHexColour(bad)).toBeNull();
    }
  });

  it('formats upper case and clamps', () => {
    expect(toHexColour({ r: 20, g: 78, b: 94 })).toBe('#144E5E');
    expect(toHexColour({ r: -4, g: 300, b: 15.6 })).toBe('#00FF10');
  });

  it('mixes channel by channel', () => {
    expect(mixColours({ r: 0, g: 100, b: 200 }, { r: 100, g: 100, b: 0 }, 0.5)).toEqual({
      r: 50,
      g: 100,
      b: 100,
    });
  });
});

describe('shades', () => {
  it('lightens 20 % toward white and darkens 30 % toward black', () => {
    expect(lighten(DEFAULT_PRIMARY_COLOUR, 0.2)).toBe('#43717E');
    expect(darken(DEFAULT_PRIMARY_COLOUR, 0.3)).toBe('#0E3742');
    expect(lighten('#000000', 1)).toBe('#FFFFFF');
    expect(darken('#FFFFFF', 0)).toBe('#FFFFFF');
  });

  it('throws on a malformed colour', () => {
    expect(() => lighten('nope', 0.2)).toThrow(RangeError);
  });
});

describe('contrast', () => {
  it('follows WCAG 2 luminance and ratio', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBe(1);
    expect(contrastRatio('#000000', '#FFFFFF')).toBe(21);
    expect(contrastRatio('#FFFFFF', '#000000')).toBe(21);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('picks white on dark colours and black on light ones', () => {
    expect(textColourOn(DEFAULT_PRIMARY_COLOUR)).toBe('#FFFFFF');
    expect(textColourOn('#FFD700')).toBe('#000000');
    expect(textColourOn('#FFFFFF')).toBe('#000000');
  });

  it('moves a colour until it is readable on a background', () => {
    expect(readableOn(DEFAULT_PRIMARY_COLOUR, '#FFFFFF')).toBe(DEFAULT_PRIMARY_COLOUR);
    const onDark = readableOn(DEFAULT_PRIMARY_COLOUR, '#121417');
    expect(contrastRatio(onDark, '#121417')).toBeGreaterThanOrEqual(4.5);
    expect(onDark).not.toBe(DEFAULT_PRIMARY_COLOUR);
    expect(contrastRatio(readableOn('#FFFF00', '#FFFFFF'), '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('primaryPalette', () => {
  it('derives the shades and the text colour of an institution colour', () => {
    expect(primaryPalette('#144e5e')).toEqual({
      primary: '#144E5E',
      primaryLight: '#43717E',
      primaryDark: '#0E3742',
      onPrimary: '#FFFFFF',
      onPrimaryDark: '#FFFFFF',
    });
    expect(primaryPalette('#FFD700').onPrimary).toBe('#000000');
  });

  it('falls back to the default colour', () => {
    expect(primaryPalette(null).primary).toBe(DEFAULT_PRIMARY_COLOUR);
    expect(primaryPalette(undefined).primary).toBe(DEFAULT_PRIMARY_COLOUR);
    expect(primaryPalette('not a colour').primary).toBe(DEFAULT_PRIMARY_COLOUR);
  });
});

describe('text on the darker shade', () => {
  it('meets 4.5:1 on the darker shade for any colour, in black or white', () => {
    for (const colour of [
      '#144E5E',
      '#F2C14E',
      '#777777',
      '#8A8A8A',
      '#00FF00',
      '#1F5F8B',
      '#FFFFFF',
    ]) {
      const palette = primaryPalette(colour);
      expect(contrastRatio(palette.onPrimaryDark, palette.primaryDark)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(palette.onPrimary, palette.primary)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

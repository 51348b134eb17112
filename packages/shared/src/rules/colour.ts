/** The product's own primary colour (the spec's #144E5E). */
export const DEFAULT_PRIMARY_COLOUR = '#144E5E';

/** Red, green and blue channels, 0 to 255. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
const BLACK: Rgb = { r: 0, g: 0, b: 0 };

/** Parses `#RGB` or `#RRGGBB` (the `#` is optional); null for anything else. */
export function parseHexColour(value: string): Rgb | null {
  const hex = value.trim().replace(/^#/, '');
  if (!/^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex)) return null;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const channel = (index: number) => Number.parseInt(full.slice(index, index + 2), 16);
  return { r: channel(0), g: channel(2), b: channel(4) };
}

/** Formats channels as upper-case `#RRGGBB`. */
export function toHexColour({ r, g, b }: Rgb): string {
  const channel = (value: number) =>
    Math.min(255, Math.max(0, Math.round(value)))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(r)}${channel(g)}${channel(b)}`.toUpperCase();
}

/** Moves `from` toward `to` by `amount` (0 = from, 1 = to), channel by channel. */
export function mixColours(from: Rgb, to: Rgb, amount: number): Rgb {
  const mix = (a: number, b: number) => Math.round(a + (b - a) * amount);
  return { r: mix(from.r, to.r), g: mix(from.g, to.g), b: mix(from.b, to.b) };
}

function requireColour(hex: string): Rgb {
  const rgb = parseHexColour(hex);
  if (!rgb) throw new RangeError(`Not a hex colour: ${hex}`);
  return rgb;
}

/** The colour moved `amount` (0 to 1) toward white. */
export function lighten(hex: string, amount: number): string {
  return toHexColour(mixColours(requireColour(hex), WHITE, amount));
}

/** The colour moved `amount` (0 to 1) toward black. */
export function darken(hex: string, amount: number): string {
  return toHexColour(mixColours(requireColour(hex), BLACK, amount));
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const { r, g, b } = requireColour(hex);
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio between two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Black or white, whichever contrasts more with the background. */
export function textColourOn(background: string): '#000000' | '#FFFFFF' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#FFFFFF')
    ? '#000000'
    : '#FFFFFF';
}

/** The colour, moved toward white or black in 5 % steps until it reaches `minRatio` on `background`. */
export function readableOn(colour: string, background: string, minRatio = 4.5): string {
  const target = relativeLuminance(background) < 0.5 ? WHITE : BLACK;
  const start = requireColour(colour);
  for (let step = 0; step <= 20; step += 1) {
    const candidate = toHexColour(mixColours(start, target, step / 20));
    if (contrastRatio(candidate, background) >= minRatio) return candidate;
  }
  return toHexColour(target);
}

/** The interface colours derived from an institution's colour code. */
export interface PrimaryPalette {
  primary: string;
  /** 20 % toward white. */
  primaryLight: string;
  /** 30 % toward black. */
  primaryDark: string;
  /** Text on a primary background. */
  onPrimary: '#000000' | '#FFFFFF';
  /** Text on the darker shade (active menu entries). */
  onPrimaryDark: '#000000' | '#FFFFFF';
}

/** The palette of an institution colour; a missing or malformed code gives the default colour's. */
export function primaryPalette(colourCode?: string | null): PrimaryPalette {
  const rgb = (colourCode && parseHexColour(colourCode)) || requireColour(DEFAULT_PRIMARY_COLOUR);
  const primary = toHexColour(rgb);
  return {
    primary,
    primaryLight: lighten(primary, 0.2),
    primaryDark: darken(primary, 0.3),
    onPrimary: textColourOn(primary),
    onPrimaryDark: textColourOn(darken(primary, 0.3)),
  };
}

import { primaryPalette, readableOn } from '@skolar/shared';
import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'theme';
// Page backgrounds of both themes (styles.css): links and accents must stay readable on them.
const SURFACES: Record<Theme, string> = { light: '#FFFFFF', dark: '#16191D' };

const listeners = new Set<() => void>();

/** The theme kept in browser storage; light by default. */
export function readStoredTheme(): Theme {
  return localStorage.getItem(STORAGE_KEY) === 'dark' ? 'dark' : 'light';
}

/** Applies a theme to `<html data-theme>` and keeps it in browser storage. */
export function setTheme(theme: Theme): void {
  localStorage.setItem(STORAGE_KEY, theme);
  document.documentElement.dataset.theme = theme;
  for (const listener of listeners) listener();
}

/** The current theme, re-rendering when it changes. */
export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'),
  );
}

/** Recolours the interface with an institution colour (null: the product's default colour). */
export function applyInstitutionColour(colourCode: string | null | undefined): void {
  const palette = primaryPalette(colourCode);
  const style = document.documentElement.style;
  style.setProperty('--color-primary', palette.primary);
  style.setProperty('--color-primary-light', palette.primaryLight);
  style.setProperty('--color-primary-dark', palette.primaryDark);
  style.setProperty('--color-on-primary', palette.onPrimary);
  style.setProperty('--color-on-primary-dark', palette.onPrimaryDark);
  style.setProperty('--color-accent-on-light', readableOn(palette.primary, SURFACES.light));
  style.setProperty('--color-accent-on-dark', readableOn(palette.primary, SURFACES.dark));
}

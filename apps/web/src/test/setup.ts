import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { loadSignedInTexts } from '../i18n/index.ts';
import { clearCookies } from './cookies.ts';

// Components are tested outside the router, which would load the signed-in pages' texts first.
await loadSignedInTexts();

// Lazy routes load real modules: give findBy* room (10 s) on a busy two-core CI machine.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout: scrolling (ScrollRestoration) is a no-op here.
window.scrollTo = () => undefined;

// A test fails on any unexpected console.error (React warnings, act() mistakes, …).
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  clearCookies();
  expect(consoleErrors, 'console.error was called').toEqual([]);
});

import { useSyncExternalStore } from 'react';

const canMatch = () => typeof window.matchMedia === 'function';

/** Whether a CSS media query matches, re-rendering when it changes (false where unsupported). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (change) => {
      if (!canMatch()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', change);
      return () => list.removeEventListener('change', change);
    },
    () => canMatch() && window.matchMedia(query).matches,
    () => false,
  );
}

/** The phone-sized screens (the breakpoint of the top bar and the role menu). */
export const PHONE = '(max-width: 639px)';

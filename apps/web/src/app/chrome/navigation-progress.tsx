import { useNavigation } from 'react-router';

/** A thin progress bar at the top of the page while a navigation loads (no spinner). */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  return <div className={busy ? 'nav-progress is-active' : 'nav-progress'} aria-hidden="true" />;
}

import { Notice } from './notice.tsx';

/** A detail page that could not load (not found, no access): its notice within the page's margins. */
export function PageError({ message }: { message: string }) {
  return (
    <div className="container page cohort-page">
      <Notice kind="error">{message}</Notice>
    </div>
  );
}

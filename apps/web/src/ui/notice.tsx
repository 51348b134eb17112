import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';

/** A success, information or error line; errors are announced at once. */
export function Notice({
  kind,
  children,
}: {
  kind: 'success' | 'info' | 'error';
  children: ReactNode;
}) {
  const Icon = kind === 'success' ? CircleCheck : kind === 'error' ? CircleAlert : Info;
  return (
    <p className={`notice notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <Icon aria-hidden="true" size={18} />
      <span>{children}</span>
    </p>
  );
}

import { canAccess, type PageHref } from '@skolar/shared';
import { type ReactNode, useCallback } from 'react';
import { Link, type LinkProps } from 'react-router';
import { useSession } from '../api/session.ts';

/**
 * Whether the viewer (the signed-in role, or a visitor) may open a path: the route table's own
 * guard rule (`canAccess`), so a link never leads to a page that sends them away.
 */
export function useMayOpen(): (path: string) => boolean {
  const { user } = useSession();
  const role = user?.role ?? null;
  return useCallback((path: string) => canAccess(path, role) === 'ok', [role]);
}

/** The first of `candidates` the viewer may open: the nearest way up from a screen. */
export function useFirstOpen<T extends { to: PageHref }>(candidates: readonly T[]): T | undefined {
  const mayOpen = useMayOpen();
  return candidates.find((candidate) => mayOpen(candidate.to));
}

interface RoleLinkProps extends Omit<LinkProps, 'to'> {
  /** A page of the route table (a typo fails the typecheck). */
  to: PageHref;
  /**
   * What shows when the viewer may not open `to`: the link's text alone, with the same class (a
   * name in a list, the default), or nothing at all (an action such as 'Edit' or 'Manage groups').
   */
  otherwise?: 'text' | 'nothing';
  children: ReactNode;
}

/** A link to another screen, rendered only when the viewer's role may open it. */
export function RoleLink({ to, otherwise = 'text', children, ...props }: RoleLinkProps) {
  const mayOpen = useMayOpen();
  if (mayOpen(to))
    return (
      <Link to={to} {...props}>
        {children}
      </Link>
    );
  if (otherwise === 'nothing') return null;
  return props.className ? <span className={props.className}>{children}</span> : children;
}

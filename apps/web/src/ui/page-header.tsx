import type { PageHref } from '@skolar/shared';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './page-header.css';
import { useFirstOpen } from './role-link.tsx';

/** A way back: where it leads and what it says. */
export interface BackLink {
  to: PageHref;
  label: string;
}

interface PageHeaderProps {
  eyebrow: string;
  title: string;
  /**
   * The way back, or the ways back nearest first: the first one the viewer's role may open is
   * shown, none when they may open none of them (a link never bounces).
   */
  back?: BackLink | readonly BackLink[];
  /** Shown before the title (a person's picture or avatar). */
  media?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

/** The title block of a screen: a way back, where it belongs, its title and the screen's actions. */
export function PageHeader({ eyebrow, title, back, media, actions, children }: PageHeaderProps) {
  const way = useFirstOpen(back === undefined ? [] : 'to' in back ? [back] : back);
  const text = (
    <div className="page-header__text">
      {way && (
        <Link to={way.to} className="page-header__back">
          <ArrowLeft size={16} aria-hidden="true" />
          {way.label}
        </Link>
      )}
      <p className="page__eyebrow">{eyebrow}</p>
      <h1>{title}</h1>
      {children}
    </div>
  );
  return (
    <div className="page-header">
      {media ? (
        <div className="page-header__lead">
          {media}
          {text}
        </div>
      ) : (
        text
      )}
      {actions && <div className="page-header__actions">{actions}</div>}
    </div>
  );
}

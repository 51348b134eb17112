import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './page-header.css';

interface PageHeaderProps {
  eyebrow: string;
  title: string;
  /** Where the back link leads and what it says. */
  back?: { to: string; label: string };
  actions?: ReactNode;
  children?: ReactNode;
}

/** The title block of a screen: a way back, where it belongs, its title and the screen's actions. */
export function PageHeader({ eyebrow, title, back, actions, children }: PageHeaderProps) {
  return (
    <div className="page-header">
      <div className="page-header__text">
        {back && (
          <Link to={back.to} className="page-header__back">
            <ArrowLeft size={16} aria-hidden="true" />
            {back.label}
          </Link>
        )}
        <p className="page__eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
        {children}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </div>
  );
}

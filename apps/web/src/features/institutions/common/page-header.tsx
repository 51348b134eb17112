import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './management.css';

interface PageHeaderProps {
  eyebrow: string;
  title: string;
  back?: string;
  actions?: ReactNode;
  children?: ReactNode;
}

/** The heading of a management screen: where it belongs, its title, a way back, its actions. */
export function PageHeader({ eyebrow, title, back, actions, children }: PageHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className="manage-header">
      <div className="page__header">
        {back && (
          <Link to={back} className="manage-back">
            <ArrowLeft size={16} aria-hidden="true" />
            {t('manage.back')}
          </Link>
        )}
        <p className="page__eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
        {children}
      </div>
      {actions && <div className="manage-header__actions">{actions}</div>}
    </div>
  );
}

import { menuFor } from '@skolar/shared';
import { Building, IdCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session.ts';
import { MENU_ICONS } from '../../ui/menu-icons.ts';
import { usePageTitle } from '../../ui/page-title.ts';

/** The signed-in home: a greeting, the role and institution, and shortcuts to the role's areas. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user, info } = useSession();
  usePageTitle(t('dashboard.title'));
  if (!user || !info) return null;
  return (
    <div className="container page">
      <div className="page__header">
        <p className="page__eyebrow">{t('dashboard.title')}</p>
        <h1>{t('dashboard.greeting', { name: info.first_name })}</h1>
      </div>
      <dl className="facts">
        <div className="card fact">
          <dt>
            <IdCard aria-hidden="true" size={18} />
            {t('dashboard.role')}
          </dt>
          <dd>{t(`roles.${user.role}`)}</dd>
        </div>
        <div className="card fact">
          <dt>
            <Building aria-hidden="true" size={18} />
            {t('dashboard.institution')}
          </dt>
          <dd>{info.institution?.name ?? t('dashboard.noInstitution')}</dd>
        </div>
      </dl>
      <ul className="shortcuts">
        {menuFor(user.role).map((item) => {
          const Icon = MENU_ICONS[item.key];
          return (
            <li key={item.key}>
              <Link to={item.path} className="card shortcut">
                <span className="shortcut__icon" aria-hidden="true">
                  <Icon size={22} />
                </span>
                {t(`menu.${item.key}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

import { menuFor, type Role } from '@skolar/shared';
import { Menu } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { MENU_ICONS } from '../../ui/menu-icons.ts';

/** The second bar: the menu of the signed-in role; folds into a button on narrow screens. */
export function RoleMenu({ role }: { role: Role }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <nav className="rolebar" aria-label={t('chrome.roleMenu')}>
      <div className="container rolebar__inner">
        <button
          type="button"
          className="rolebar__toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
        >
          <Menu aria-hidden="true" size={18} />
          {t('chrome.roleMenuToggle')}
        </button>
        <ul id={listId} className={open ? 'rolebar__list is-open' : 'rolebar__list'}>
          {menuFor(role).map((item) => {
            const Icon = MENU_ICONS[item.key];
            return (
              <li key={item.key}>
                <NavLink to={item.path} className="rolebar__link" onClick={() => setOpen(false)}>
                  <Icon aria-hidden="true" size={16} />
                  {t(`menu.${item.key}`)}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
}

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { type UserMenuKey, userMenuFor } from '@skolar/shared';
import {
  Award,
  ChevronDown,
  FileText,
  KeyRound,
  LifeBuoy,
  LogOut,
  type LucideIcon,
  Settings,
  User,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signOut, useSession } from '../../api/session.ts';
import { Avatar } from '../../ui/avatar.tsx';

const ICONS: Record<UserMenuKey, LucideIcon> = {
  'profile-details': User,
  'change-password': KeyRound,
  'my-results': Award,
  'my-transcript': FileText,
  settings: Settings,
  support: LifeBuoy,
  logout: LogOut,
};

/**
 * The signed-in user's badge (their picture, else the default avatar of their gender) and its menu
 * (profile, password, results, settings, support, logout).
 */
export function UserBadge() {
  const { t } = useTranslation();
  const { user, info } = useSession();
  const [leaving, setLeaving] = useState(false);

  if (!user) return null;
  const name = info ? `${info.first_name} ${info.last_name}`.trim() : '';

  const logout = async () => {
    setLeaving(true);
    await signOut();
  };

  return (
    <div className="user-badge">
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            className="user-badge__button"
            aria-label={t('chrome.userMenu', { name: info?.first_name ?? '' })}
          >
            {info ? (
              <Avatar person={info} size={32} />
            ) : (
              <span className="avatar" aria-hidden="true">
                <User size={16} />
              </span>
            )}
            <span className="user-badge__name" aria-hidden="true">
              {info?.first_name}
            </span>
            <ChevronDown aria-hidden="true" size={16} />
          </button>
        </DropdownMenu.Trigger>
        {/* Not portalled: the menu stays inside the top bar, where it belongs. */}
        <DropdownMenu.Content className="user-badge__panel" align="end" sideOffset={8}>
          <DropdownMenu.Label className="user-badge__who">
            <strong>{name}</strong>
            <span>{t(`roles.${user.role}`)}</span>
          </DropdownMenu.Label>
          {userMenuFor(user.role).map((item) => {
            const Icon = ICONS[item.key];
            return item.path ? (
              <DropdownMenu.Item key={item.key} asChild>
                <Link to={item.path}>
                  <Icon aria-hidden="true" size={16} />
                  {t(`userMenu.${item.key}`)}
                </Link>
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item key={item.key} asChild disabled={leaving} onSelect={logout}>
                <button type="button">
                  <Icon aria-hidden="true" size={16} />
                  {t(`userMenu.${item.key}`)}
                </button>
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
    </div>
  );
}

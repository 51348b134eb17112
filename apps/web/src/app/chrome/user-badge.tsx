import { type UserMenuKey, userMenuFor } from '@skolar/shared';
import {
  Award,
  ChevronDown,
  FileText,
  KeyRound,
  LogOut,
  type LucideIcon,
  Settings,
  User,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signOut, useSession } from '../../api/session.ts';

const ICONS: Record<UserMenuKey, LucideIcon> = {
  'profile-details': User,
  'change-password': KeyRound,
  'my-results': Award,
  'my-transcript': FileText,
  settings: Settings,
  logout: LogOut,
};

/** The signed-in user's badge and its dropdown (profile, password, results, settings, logout). */
export function UserBadge() {
  const { t } = useTranslation();
  const { user, info } = useSession();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  if (!user) return null;
  const name = info ? `${info.first_name} ${info.last_name}`.trim() : '';
  const initials = info
    ? `${info.first_name.charAt(0)}${info.last_name.charAt(0)}`.toUpperCase()
    : '';

  const logout = async () => {
    setLeaving(true);
    await signOut();
  };

  return (
    <div className="user-badge" ref={root}>
      <button
        type="button"
        className="user-badge__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('chrome.userMenu', { name: info?.first_name ?? '' })}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar" aria-hidden="true">
          {initials || <User size={16} />}
        </span>
        <span className="user-badge__name" aria-hidden="true">
          {info?.first_name}
        </span>
        <ChevronDown aria-hidden="true" size={16} />
      </button>
      <div id={panelId} className="user-badge__panel" hidden={!open}>
        <div className="user-badge__who">
          <strong>{name}</strong>
          <span>{t(`roles.${user.role}`)}</span>
        </div>
        <ul>
          {userMenuFor(user.role).map((item) => {
            const Icon = ICONS[item.key];
            return (
              <li key={item.key}>
                {item.path ? (
                  <Link to={item.path} onClick={() => setOpen(false)}>
                    <Icon aria-hidden="true" size={16} />
                    {t(`userMenu.${item.key}`)}
                  </Link>
                ) : (
                  <button type="button" onClick={logout} disabled={leaving}>
                    <Icon aria-hidden="true" size={16} />
                    {t(`userMenu.${item.key}`)}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

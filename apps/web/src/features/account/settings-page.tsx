import type { SessionItem, SettingsBody } from '@skolar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut, Monitor, Settings, Smartphone } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { signOut } from '../../api/session.ts';
import { fetchSettings, saveSettings } from '../../api/settings.ts';
import { isLocale, LOCALES } from '../../i18n/locale.ts';
import { formatInstant } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { readStoredTheme, setTheme } from '../../lib/theme.ts';
import { Notice } from '../../ui/notice.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { StepUpDialog } from '../../ui/step-up-dialog.tsx';
import { ERROR_TOAST_MS } from '../../ui/toast-error.ts';
import { endOtherSessions, endSession, fetchSessions } from './api.ts';
import { MfaSection } from './mfa-section.tsx';
import './account.css';

const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

/** `/settings`: language, theme and notifications (account and localStorage), MFA, sessions. */
export function SettingsPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.settings.title'));
  return (
    <div className="container account-page">
      <header className="page__header">
        <h1>
          <Settings aria-hidden="true" size={26} /> {t('account.settings.title')}
        </h1>
      </header>
      <PreferencesSection />
      <MfaSection />
      <SessionsSection />
    </div>
  );
}

function PreferencesSection() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const ids = { locale: useId(), theme: useId() };
  const settings = useQuery({ queryKey: ['me', 'settings'], queryFn: fetchSettings });
  const [draft, setDraft] = useState<SettingsBody | null>(null);
  useEffect(() => {
    if (settings.data && !draft) {
      // Language and theme start from what the interface shows (the browser's choice).
      const { notify_email, notify_offers } = settings.data;
      const shown = i18n.resolvedLanguage;
      setDraft({
        locale: isLocale(shown) ? shown : settings.data.locale,
        theme: readStoredTheme(),
        notify_email,
        notify_offers,
      });
    }
  }, [settings.data, draft, i18n.resolvedLanguage]);
  const save = useMutation({
    mutationFn: saveSettings,
    onSuccess: async (answer) => {
      client.setQueryData(['me', 'settings'], answer);
      // The browser keeps the same choices, so the next visit starts with them.
      setTheme(answer.theme);
      if (isLocale(answer.locale)) await i18n.changeLanguage(answer.locale);
      toast.success(t('account.settings.saved'));
    },
    onError: (error) =>
      toast.error(errorText(error, t('errors.generic')), { duration: ERROR_TOAST_MS }),
  });

  const value: SettingsBody = draft ?? {
    locale: isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'fr',
    theme: readStoredTheme(),
    notify_email: true,
    notify_offers: false,
  };
  const update = (patch: Partial<SettingsBody>) => setDraft({ ...value, ...patch });

  return (
    <section className="card account-section" aria-labelledby="prefs-title">
      <div className="account-section__header">
        <h2 id="prefs-title">{t('account.settings.preferences')}</h2>
      </div>
      {settings.isError && (
        <Notice kind="error">{errorText(settings.error, t('errors.generic'))}</Notice>
      )}
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(value);
        }}
      >
        <div className="account-grid">
          <div className="field">
            <label className="field__label" htmlFor={ids.locale}>
              {t('account.settings.language')}
            </label>
            <select
              id={ids.locale}
              className="field__select"
              value={value.locale}
              onChange={(event) => update({ locale: event.target.value as SettingsBody['locale'] })}
            >
              {LOCALES.map((locale) => (
                <option key={locale} value={locale} lang={locale}>
                  {t(`locales.${locale}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={ids.theme}>
              {t('account.settings.theme')}
            </label>
            <select
              id={ids.theme}
              className="field__select"
              value={value.theme}
              onChange={(event) => update({ theme: event.target.value as SettingsBody['theme'] })}
            >
              <option value="light">{t('account.settings.themeLight')}</option>
              <option value="dark">{t('account.settings.themeDark')}</option>
            </select>
          </div>
        </div>
        <label className="check-field">
          <input
            type="checkbox"
            checked={value.notify_email}
            onChange={(event) => update({ notify_email: event.target.checked })}
          />
          <span>
            {t('account.settings.notifyEmail')}
            <small>{t('account.settings.notifyEmailHint')}</small>
          </span>
        </label>
        <label className="check-field">
          <input
            type="checkbox"
            checked={value.notify_offers}
            onChange={(event) => update({ notify_offers: event.target.checked })}
          />
          <span>
            {t('account.settings.notifyOffers')}
            <small>{t('account.settings.notifyOffersHint')}</small>
          </span>
        </label>
        <div className="form__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={save.isPending || !draft}
          >
            {t('account.settings.save')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** What the password is being asked for: ending one other session, or all the others. */
type Ending = { session: SessionItem } | { others: true };

function SessionsSection() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const sessions = useQuery({ queryKey: ['me', 'sessions'], queryFn: fetchSessions });
  const refresh = () => client.invalidateQueries({ queryKey: ['me', 'sessions'] });
  // Ending another session asks the password first (ASVS 7.5.2); the current one is a sign-out.
  const [asking, setAsking] = useState<Ending | null>(null);
  const onError = (error: unknown) =>
    toast.error(errorText(error, t('errors.generic')), { duration: ERROR_TOAST_MS });
  const endOne = useMutation({
    mutationFn: async ({ session, token }: { session: SessionItem; token?: string }) => {
      if (session.current) return signOut();
      if (token) await endSession(session.id, token);
    },
    onSuccess: async () => {
      toast.success(t('account.sessions.ended'));
      await refresh();
    },
    onError,
  });
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: async ({ revoked }) => {
      toast.success(t('account.sessions.endedOthers', { count: revoked }));
      await refresh();
    },
    onError,
  });
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <section className="card account-section" aria-labelledby="sessions-title">
      <div className="account-section__header">
        <h2 id="sessions-title">{t('account.sessions.title')}</h2>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={others === 0 || endOthers.isPending}
          onClick={() => setAsking({ others: true })}
        >
          <LogOut aria-hidden="true" size={16} />
          {t('account.sessions.endOthers')}
        </button>
      </div>
      <p className="account-section__hint">
        {t('account.sessions.hint')} {t('account.sessions.stepUpHint')}
      </p>
      {sessions.isPending && <p aria-busy="true">{t('app.loading')}</p>}
      {sessions.isError && (
        <Notice kind="error">{errorText(sessions.error, t('errors.generic'))}</Notice>
      )}
      <ul className="session-list">
        {list.map((session) => {
          const mobile = session.os === 'iOS' || session.os === 'Android';
          const device = [
            session.browser || t('account.sessions.unknownBrowser'),
            session.os || t('account.sessions.unknownOs'),
          ].join(' · ');
          return (
            <li key={session.id} className="session-item">
              <span className="session-item__icon" aria-hidden="true">
                {mobile ? <Smartphone size={20} /> : <Monitor size={20} />}
              </span>
              <div className="session-item__body">
                <span className="session-item__device">
                  {device}
                  {session.current && (
                    <span className="badge">{t('account.sessions.current')}</span>
                  )}
                </span>
                <span className="session-item__meta">
                  {t('account.sessions.lastSeen', {
                    date: formatInstant(session.last_seen_at, i18n.language),
                  })}
                  {session.ip ? ` · ${session.ip}` : ''}
                </span>
              </div>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={endOne.isPending}
                onClick={() =>
                  session.current ? endOne.mutate({ session }) : setAsking({ session })
                }
                aria-label={t('account.sessions.endOneLabel', { device })}
              >
                {t('account.sessions.endOne')}
              </button>
            </li>
          );
        })}
      </ul>
      <StepUpDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        description={t('account.sessions.stepUp')}
        onConfirmed={(token) => {
          const ending = asking;
          setAsking(null);
          if (ending && 'session' in ending) endOne.mutate({ session: ending.session, token });
          else if (ending) endOthers.mutate(token);
        }}
      />
    </section>
  );
}

import {
  DELIVERIES,
  type Delivery,
  type NotificationPreferences,
  type NotificationPreferencesPatch,
  type NotificationType,
} from '@skolar/shared';
import { Info } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '../../api/notifications.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { ApiError } from '../../lib/http.ts';
import { Notice } from '../../ui/notice.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { toastError } from '../../ui/toast-error.ts';

/** A setting saved on its own: a type's delivery, the digest's hour or its zone. */
type Setting = `type:${NotificationType}` | 'digest_hour' | 'time_zone';

/** The hours of the day the digest may leave at. */
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The zones this browser knows, the one saved first when it knows none by that name. */
function zonesWith(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/**
 * The message of a refused change for its setting (a 422's field, in the reader's language):
 * a type's error may be named `types`, `types.0` or `types.0.delivery`.
 */
function fieldMessage(error: unknown, setting: Setting): string | undefined {
  if (!(error instanceof ApiError) || !error.errors) return undefined;
  for (const [field, messages] of Object.entries(error.errors)) {
    const matches = setting.startsWith('type:') ? field.startsWith('types') : field === setting;
    if (matches && messages[0]) return messages[0];
  }
  return undefined;
}

/**
 * The preferences: per type the person may receive, how it arrives (its default said), and the
 * daily digest's hour and zone. Each change is saved at once, alone (`PATCH` of that field only),
 * and a refusal shows under its field.
 */
export function PreferencesSection() {
  const { t } = useTranslation();
  const titleId = useId();
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [pending, setPending] = useState<Partial<Record<Setting, string | number>>>({});
  const [errors, setErrors] = useState<Partial<Record<Setting, string>>>({});
  // `/notifications#preferences` (the header's link, a mail's unsubscribe page): the focus on the
  // heading, so the keyboard goes on from the preferences, and the section in view, again once
  // they have loaded (the page's first layout moves meanwhile).
  const { hash, key } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = preferences.isSuccess;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each visit of the link (its key) counts, the same hash again too, and the load.
  useEffect(() => {
    if (hash !== '#preferences' || !heading.current) return;
    heading.current.focus({ preventScroll: true });
    heading.current.closest('section')?.scrollIntoView?.({ block: 'start' });
  }, [hash, key, loaded]);

  const change = async (
    setting: Setting,
    value: string | number,
    body: NotificationPreferencesPatch,
  ) => {
    setPending((before) => ({ ...before, [setting]: value }));
    setErrors(({ [setting]: _, ...others }) => others);
    try {
      await save.mutateAsync(body);
      toast.success(t('notifications.preferences.saved'));
    } catch (error) {
      const message = fieldMessage(error, setting);
      if (message) setErrors((before) => ({ ...before, [setting]: message }));
      else toastError(error, t('notifications.preferences.saveFailed'));
    } finally {
      setPending(({ [setting]: _, ...others }) => others);
    }
  };

  return (
    <section
      id="preferences"
      className="card notifications-section"
      aria-labelledby={titleId}
      aria-busy={preferences.isPending || undefined}
    >
      <div className="notifications-section__header">
        <h2 id={titleId} ref={heading} tabIndex={-1} className="notifications-target">
          {t('notifications.preferences.title')}
        </h2>
      </div>
      <p className="notifications-muted">{t('notifications.preferences.intro')}</p>
      {preferences.isError ? (
        <Notice kind="error">{errorMessage(preferences.error)}</Notice>
      ) : !preferences.data ? (
        <div className="preference-list">
          <Skeleton height="3rem" shape="block" />
          <Skeleton height="3rem" shape="block" />
          <Skeleton height="3rem" shape="block" />
        </div>
      ) : (
        <PreferencesForm
          data={preferences.data}
          pending={pending}
          errors={errors}
          onChange={(setting, value, body) => void change(setting, value, body)}
        />
      )}
    </section>
  );
}

interface FormProps {
  data: NotificationPreferences;
  pending: Partial<Record<Setting, string | number>>;
  errors: Partial<Record<Setting, string>>;
  onChange: (setting: Setting, value: string | number, body: NotificationPreferencesPatch) => void;
}

function PreferencesForm({ data, pending, errors, onChange }: FormProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const typesTitle = `${id}-types`;
  const hour = Number(pending.digest_hour ?? data.digest_hour);
  const zone = String(pending.time_zone ?? data.time_zone);
  const zones = useMemo(() => zonesWith(data.time_zone), [data.time_zone]);
  const hourLabel = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
    });
    return (value: number) => format.format(Date.UTC(2026, 0, 1, value));
  }, [i18n.language]);
  const deliveryLabel = (delivery: Delivery) => t(`notifications.preferences.delivery.${delivery}`);
  const errorOf = (setting: Setting) =>
    errors[setting] && {
      'aria-invalid': true,
      'aria-describedby': `${id}-${setting}-error`,
    };
  const errorLine = (setting: Setting) =>
    errors[setting] && (
      <p id={`${id}-${setting}-error`} className="field__error">
        {errors[setting]}
      </p>
    );

  return (
    <>
      {!data.email_enabled && (
        <p className="notice notice--info notifications-email-off">
          <Info aria-hidden="true" size={18} />
          <span>
            {t('notifications.preferences.emailOff')}{' '}
            <Link to="/settings">{t('notifications.preferences.emailOffLink')}</Link>
          </span>
        </p>
      )}
      <dl className="preference-legend" aria-label={t('notifications.preferences.deliveries')}>
        {DELIVERIES.map((delivery) => (
          <div key={delivery}>
            <dt>{deliveryLabel(delivery)}</dt>
            <dd>{t(`notifications.preferences.deliveryHint.${delivery}`)}</dd>
          </div>
        ))}
      </dl>
      <h3 id={typesTitle} className="notifications-subtitle">
        {t('notifications.preferences.types')}
      </h3>
      <ul className="preference-list" aria-labelledby={typesTitle}>
        {data.types.map((row) => {
          const setting: Setting = `type:${row.type}`;
          const selectId = `${id}-${row.type}`;
          const value = String(pending[setting] ?? row.delivery);
          return (
            <li key={row.type} className="preference-row">
              <label htmlFor={selectId} className="preference-row__label">
                {t(`notifications.types.${row.type}`)}
              </label>
              <select
                id={selectId}
                className="field__input preference-row__select"
                value={value}
                {...errorOf(setting)}
                onChange={(event) => {
                  const delivery = event.target.value as Delivery;
                  if (delivery === row.delivery && pending[setting] === undefined) return;
                  onChange(setting, delivery, { types: [{ type: row.type, delivery }] });
                }}
              >
                {DELIVERIES.map((delivery) => (
                  <option key={delivery} value={delivery}>
                    {delivery === row.default
                      ? t('notifications.preferences.byDefault', {
                          delivery: deliveryLabel(delivery),
                        })
                      : deliveryLabel(delivery)}
                  </option>
                ))}
              </select>
              {errorLine(setting)}
            </li>
          );
        })}
      </ul>
      <h3 className="notifications-subtitle">{t('notifications.preferences.digest')}</h3>
      <p className="notifications-muted">{t('notifications.preferences.digestHint')}</p>
      <div className="preference-digest">
        <div className="field">
          <label htmlFor={`${id}-hour`} className="field__label">
            {t('notifications.preferences.digestHour')}
          </label>
          <select
            id={`${id}-hour`}
            className="field__input"
            value={hour}
            {...errorOf('digest_hour')}
            onChange={(event) => {
              const next = Number(event.target.value);
              onChange('digest_hour', next, { digest_hour: next });
            }}
          >
            {HOURS.map((value) => (
              <option key={value} value={value}>
                {hourLabel(value)}
              </option>
            ))}
          </select>
          {errorLine('digest_hour')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-zone`} className="field__label">
            {t('notifications.preferences.timeZone')}
          </label>
          <select
            id={`${id}-zone`}
            className="field__input"
            value={zone}
            {...errorOf('time_zone')}
            onChange={(event) => {
              const next = event.target.value;
              onChange('time_zone', next, { time_zone: next });
            }}
          >
            {zones.map((name) => (
              <option key={name} value={name}>
                {name.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
          {errorLine('time_zone')}
        </div>
      </div>
    </>
  );
}

import { PLATFORM_CONTACT } from '@skolar/shared';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../api/session.ts';
import { ContactForm } from './contact-form.tsx';

/** The contact block: the platform's details beside the form (landing page and /contact). */
export function ContactSection({
  headingId,
  headingLevel = 2,
  institutionId,
  object,
}: {
  headingId: string;
  headingLevel?: 1 | 2;
  institutionId?: number | null;
  object?: string;
}) {
  const { t } = useTranslation();
  const { user, info } = useSession();
  const signedIn = Boolean(user && info?.email);
  return (
    <div className="contact-section">
      <ContactForm
        signedIn={signedIn}
        headingId={headingId}
        headingLevel={headingLevel}
        institutionId={institutionId}
        object={object}
      />
      <aside className="contact-section__aside">
        <h2 className="contact-section__title">{t('public.contact.reach')}</h2>
        <p>{t('public.contact.reachText')}</p>
        <ul className="contact-section__list">
          <li>
            <MapPin aria-hidden="true" size={18} />
            {PLATFORM_CONTACT.address}
          </li>
          <li>
            <Mail aria-hidden="true" size={18} />
            <a href={`mailto:${PLATFORM_CONTACT.email}`}>{PLATFORM_CONTACT.email}</a>
          </li>
          <li>
            <Phone aria-hidden="true" size={18} />
            <a href={`tel:${PLATFORM_CONTACT.phone.replaceAll(' ', '')}`}>
              {PLATFORM_CONTACT.phone}
            </a>
          </li>
          <li>
            <Clock aria-hidden="true" size={18} />
            {t('public.contact.hours')}
          </li>
        </ul>
      </aside>
    </div>
  );
}

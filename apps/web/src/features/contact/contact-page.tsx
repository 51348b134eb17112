import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../ui/page-title.ts';
import { ContactSection } from './contact-section.tsx';

/** /contact: the contact form; `?institution=&object=` come from a training's page. */
export function ContactPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  usePageTitle(t('public.contact.title'));
  const institution = Number(params.get('institution'));
  return (
    <div className="container page">
      <ContactSection
        headingId="contact-page-title"
        headingLevel={1}
        institutionId={Number.isInteger(institution) && institution > 0 ? institution : null}
        object={params.get('object') ?? ''}
      />
    </div>
  );
}

import { HomePage as Landing } from '../features/catalogue/home-page.tsx';
import { ContactSection } from '../features/contact/contact-section.tsx';

/** `/`: the catalogue's landing page with the contact block (another feature) in its last section. */
export function HomePage() {
  return <Landing contact={(headingId) => <ContactSection headingId={headingId} />} />;
}

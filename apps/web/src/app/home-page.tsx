import { lazy, Suspense } from 'react';
import { HomePage as Landing } from '../features/catalogue/home-page.tsx';

// The contact block is the last section, below the fold: its form (zod, react-hook-form, phone
// numbers) loads once the landing page shows, not before it (docs/decisions.md, 145).
const ContactSection = lazy(() =>
  import('../features/contact/contact-section.tsx').then((module) => ({
    default: module.ContactSection,
  })),
);

/** `/`: the catalogue's landing page with the contact block (another feature) in its last section. */
export function HomePage() {
  return (
    <Landing
      contact={(headingId) => (
        <Suspense fallback={null}>
          <ContactSection headingId={headingId} />
        </Suspense>
      )}
    />
  );
}

import '@fontsource-variable/inter';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentRole } from './api/session.ts';
import { App } from './app/app.tsx';
import { i18nReady, loadSignedInTexts } from './i18n/index.ts';
import { applyInstitutionColour, readStoredTheme, setTheme } from './lib/theme.ts';

// Before the first render, so the page never flashes the wrong theme or colour.
setTheme(readStoredTheme());
applyInstitutionColour(null);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// A stored language other than the default loads its catalogue first (the HTML shell shows meanwhile).
void i18nReady.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // A signed-in user is about to open a signed-in page: fetch its texts now, beside the page.
  if (currentRole() !== null) void loadSignedInTexts();
});

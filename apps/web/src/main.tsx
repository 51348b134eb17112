import '@fontsource-variable/inter';
import './styles.css';
import './i18n/index.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { applyInstitutionColour, readStoredTheme, setTheme } from './lib/theme.ts';

// Before the first render, so the page never flashes the wrong theme or colour.
setTheme(readStoredTheme());
applyInstitutionColour(null);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

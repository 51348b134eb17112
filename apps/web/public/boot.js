// Runs in <head> before the page paints (a blocking script: the CSP refuses inline ones). It
// applies what the app would apply once loaded, so the HTML shell already has the right theme and
// language: the keys and values of src/lib/theme.ts ('theme') and src/i18n/locale.ts ('locale').
try {
  const root = document.documentElement;
  if (localStorage.getItem('theme') === 'dark') root.dataset.theme = 'dark';
  const locale = localStorage.getItem('locale');
  if (locale === 'fr' || locale === 'en' || locale === 'de') root.lang = locale;
} catch {
  // Storage refused (privacy settings): the defaults stay, as in the app.
}

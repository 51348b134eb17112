import type { PageRegistry } from './types.ts';

/** The account's own screens: passwords, e-mail verification, profile, settings, support. */
export const accountPages: PageRegistry = {
  '/forgot-password': () =>
    import('../../features/account/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
  '/reset-password/:token': () =>
    import('../../features/account/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
  '/verify-email/:token': () =>
    import('../../features/account/verify-email-page.tsx').then((m) => m.VerifyEmailPage),
  '/verify-email-request': () =>
    import('../../features/account/verify-email-request-page.tsx').then(
      (m) => m.VerifyEmailRequestPage,
    ),
  '/change-password': () =>
    import('../../features/account/change-password-page.tsx').then((m) => m.ChangePasswordPage),
  '/settings': () => import('../../features/account/settings-page.tsx').then((m) => m.SettingsPage),
  '/profile-details': () =>
    import('../../features/account/profile-details-page.tsx').then((m) => m.ProfileDetailsPage),
  '/edit-profile/:id/:token': () =>
    import('../../features/account/edit-profile-page.tsx').then((m) => m.EditProfilePage),
  '/setup/:token': () =>
    import('../../features/account/setup-page.tsx').then((m) => m.FirstRunSetupPage),
  '/support': () => import('../../features/contact/support-page.tsx').then((m) => m.SupportPage),
};

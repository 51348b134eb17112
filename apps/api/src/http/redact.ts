/**
 * Secrets that travel in URL paths, as the spec names those routes: password-reset and invitation
 * links, the step-up token of the edit screens, the private calendar feeds. The request log keeps
 * the route, never them.
 */
const TOKEN_IN_PATH: readonly RegExp[] = [
  // API: /api/auth/reset-password/<token>, /verify-email/<token>, /verify-token/<token>, …
  /(\/(?:reset-password|verify-email|verify-token|verify-token-validity)\/)[^/?#]+/g,
  // API: /api/calendar-feeds/<token>.ics, the private calendar feed (the suffix kept)
  /(\/calendar-feeds\/)[^/?#.]+/g,
  // Screens: /edit-profile/<id>/<token>, /<list>/edit/<id>/<token>, /start-evaluation/<id>/<token>
  /(\/(?:edit-profile|edit|start-evaluation)\/[^/?#]+\/)[^/?#]+/g,
];

/** The URL with every token of its path replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return TOKEN_IN_PATH.reduce((result, pattern) => result.replace(pattern, '$1[redacted]'), url);
}

// jsdom has no Cookie Store API: tests write document.cookie the way the server's Set-Cookie would.

/** Sets a script-readable cookie, as the API sets XSRF-TOKEN. */
export function setCookie(name: string, value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom offers no other way to set a cookie
  document.cookie = `${name}=${value}; path=/`;
}

/** Removes every cookie, between tests. */
export function clearCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom offers no other way to remove a cookie
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

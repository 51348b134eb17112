/** Full-page navigations, behind an object so tests can observe them (jsdom cannot navigate). */
export const browser = {
  /** Loads a page from scratch (a reload that drops every in-memory state). */
  assign(path: string): void {
    window.location.assign(path);
  },
};

import './flag.css';

// One small SVG file per flag (country-flag-icons, 3:2), fetched only when a flag is drawn:
// `no-inline` keeps Vite from base64-ing ~250 flags into the bundle (decision 96). Emoji flags are
// not drawn by Chromium on Linux nor by any browser on Windows. The glob reads the hoisted
// package, which knip cannot follow (knip.json ignores it).
const FLAGS = import.meta.glob<string>(
  '../../../../node_modules/country-flag-icons/3x2/[A-Z][A-Z].svg',
  {
    eager: true,
    import: 'default',
    query: '?url&no-inline',
  },
);

// Country flags only ('FR.svg'), not the package's regions ('BQ-SA.svg', 'GB-SCT.svg').
const BY_CODE = new Map(
  Object.entries(FLAGS).map(([path, url]) => [path.slice(-6, -4).toLowerCase(), url]),
);

/** The flag of a two-letter country code, decorative (the country's name is said beside it). */
export function Flag({ code }: { code: string }) {
  const src = BY_CODE.get(code.toLowerCase());
  return src ? (
    <img className="flag" src={src} alt="" width={21} height={14} loading="lazy" decoding="async" />
  ) : (
    <span className="flag flag--none" aria-hidden="true" />
  );
}

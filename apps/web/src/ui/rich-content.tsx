import { videoEmbedUrl } from '@skolar/shared';
import './rich-content.css';

/**
 * A chapter's text as the server stored it: HTML cleaned by an allow-list on every write
 * (no script, handler, style or foreign URL scheme survives), so it is rendered as is.
 */
export function RichContent({ html, label }: { html: string; label: string }) {
  return (
    <section
      className="rich-content"
      aria-label={label}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API on every write
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/**
 * A short rich text the server cleaned the same way (a question's prompt): a plain block, with no
 * landmark of its own, that keeps the chapters' typography.
 */
export function RichHtml({ html, id }: { html: string; id?: string }) {
  return (
    <div
      id={id}
      className="rich-content rich-content--inline"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API on every write
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** A YouTube or Vimeo video in its player; other links are not embedded. */
export function VideoEmbed({ url, title }: { url: string; title: string }) {
  const embed = videoEmbedUrl(url);
  if (!embed) return null;
  return (
    <div className="video-embed">
      <iframe
        src={embed}
        title={title}
        loading="lazy"
        allow="encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-presentation"
      />
    </div>
  );
}

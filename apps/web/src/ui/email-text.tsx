import { Fragment } from 'react';
import './email-text.css';

/** A part of an address, with a break opportunity before each of its dots. */
function dotted(part: string) {
  return part.split(/(?=\.)/).map((piece, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one address never reorder.
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {piece}
    </Fragment>
  ));
}

/**
 * An e-mail address that never wraps inside a word: it breaks after its @ first
 * (`gabriel.chevalier@` / `uni.skolar.test`), and before a dot only when a part is still too long.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const parts = at < 0 ? [email] : [email.slice(0, at + 1), email.slice(at + 1)];
  return (
    <span className="email-text">
      {parts.map((part, index) => (
        <Fragment key={part}>
          {index > 0 && <wbr />}
          <span className="email-text__part">{dotted(part)}</span>
        </Fragment>
      ))}
    </span>
  );
}

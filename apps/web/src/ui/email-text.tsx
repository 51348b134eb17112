import { Fragment } from 'react';
import './email-text.css';

/**
 * An e-mail address that may wrap only after its @ and before its dots, never inside a word
 * (`gabriel.chevalier@` / `uni.skolar.test`, not `gabriel.chevali` / `er@uni…`).
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <span className="email-text">
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address never reorder.
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

import type { PromptFormat } from '@skolar/shared';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { RichHtml } from '../../../ui/rich-content.tsx';

/** The blank a missing-word question leaves in its sentence, as GIFT writes it. */
const BLANK = /_{3,}/;

/**
 * A question's prompt as the student reads it: HTML the server cleaned, or plain text with its
 * line breaks, where a missing word's blank shows as a blank to fill (named for screen readers).
 */
export function QuestionPrompt({
  prompt,
  format,
  id,
}: {
  prompt: string;
  format: PromptFormat;
  id?: string;
}) {
  const { t } = useTranslation();
  if (format === 'html') return <RichHtml html={prompt} id={id} />;
  const parts = prompt.split(BLANK);
  return (
    <p id={id} className="exam-prompt">
      {parts.map((part, index) => (
        // The parts of one prompt never move: their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={index}>
          {index > 0 && (
            <span className="exam-blank" role="img" aria-label={t('exams.run.blank')}>
              {'\u2003\u2003\u2003'}
            </span>
          )}
          {part}
        </Fragment>
      ))}
    </p>
  );
}

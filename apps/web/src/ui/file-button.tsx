import { FileUp } from 'lucide-react';
import { useId } from 'react';
import './file-button.css';

/**
 * A file picker that reads as the page does: a button with a translated label (the browser's own
 * "Choose File / No file chosen" is in the browser's language and styled by it). The input stays
 * in the page, visually hidden but focusable, so the keyboard and screen readers reach it through
 * the label.
 */
export function FileButton({
  label,
  accept,
  disabled,
  describedBy,
  onFile,
}: {
  label: string;
  accept?: string;
  disabled?: boolean;
  describedBy?: string;
  onFile: (file: File | null) => void;
}) {
  const id = useId();
  return (
    <span className="file-button">
      <input
        id={id}
        type="file"
        className="file-button__input"
        accept={accept}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => {
          onFile(event.target.files?.[0] ?? null);
          // The same file chosen again still counts as a choice.
          event.target.value = '';
        }}
      />
      <label htmlFor={id} className="button button--ghost file-button__label">
        <FileUp size={16} aria-hidden="true" /> {label}
      </label>
    </span>
  );
}

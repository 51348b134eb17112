import { FileText, FileUp, ImageUp, X } from 'lucide-react';
import { useId, useState } from 'react';
import { type Accept, ErrorCode, type FileRejection, useDropzone } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../lib/format.ts';
import './file-picker.css';

const MB = 1024 * 1024;

/** The images the API takes (and re-encodes): logos, pictures, covers. */
export const IMAGE_FILES: Accept = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
};
export const PDF_FILES: Accept = { 'application/pdf': ['.pdf'] };
/** Questions to import (GIFT text or a Moodle XML export): read in the browser, sent as text. */
export const QUESTION_FILES: Accept = {
  'text/plain': ['.txt', '.gift'],
  'application/xml': ['.xml'],
  'text/xml': ['.xml'],
};
/** A CSV to import (people, grades): read in the browser, its text sent as JSON. */
export const CSV_FILES: Accept = { 'text/csv': ['.csv'] };

/**
 * The API's limits per kind of file (apps/api/src/files/uploads.ts). An imported CSV's text may
 * hold 900,000 characters (`importBody`, `gradebookImportBody`): 800 KB keeps under it.
 */
export const MAX_BYTES = {
  logo: 2 * MB,
  picture: 2 * MB,
  cover: 5 * MB,
  document: 20 * MB,
  csv: 800 * 1024,
  /** `questionImportBody` takes 500,000 characters. */
  questions: 480 * 1024,
};

interface FilePickerProps {
  label: string;
  /** The types offered, by MIME type with their extensions: `{ 'application/pdf': ['.pdf'] }`. */
  accept: Accept;
  /** The types in words, when the list of extensions would be too long to read. */
  types?: string;
  /** The largest file accepted, in bytes (the API's limit for this kind of file). */
  maxSize: number;
  /** Called with a file of an accepted type and size, chosen or dropped. */
  onFile: (file: File) => void;
  /** The file the form holds until it is sent: shown by name, with a remove button. */
  file?: File | null;
  onRemove?: () => void;
  hint?: string;
  /** A message from elsewhere (the server, a file that cannot be read). */
  error?: string | null;
  disabled?: boolean;
}

/** "PNG, JPG or WEBP": the first extension of each accepted type, as the language lists them. */
function typesOf(accept: Accept, language: string): string {
  const names = Object.entries(accept).map(([mime, extensions]) =>
    (extensions[0] ?? mime.split('/')[1] ?? mime).replace(/^\./, '').toUpperCase(),
  );
  return new Intl.ListFormat(language, { type: 'disjunction' }).format([...new Set(names)]);
}

/**
 * The one way to upload a file: a labelled drop zone with a button (Enter or Space opens the
 * system's file dialog; a click anywhere on the zone too), the accepted types and the size limit said before the choice, and
 * wrong types or sizes refused with a translated message instead of the browser's own, English
 * "Choose File / No file chosen". The file input stays in the page (hidden, labelled) so the
 * label opens the dialog too and tests can set its files.
 */
export function FilePicker({
  label,
  accept,
  types: typesInWords,
  maxSize,
  onFile,
  file,
  onRemove,
  hint,
  error,
  disabled,
}: FilePickerProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [refused, setRefused] = useState<string | null>(null);
  const types = typesInWords ?? typesOf(accept, i18n.language);
  const size = formatFileSize(maxSize, i18n.language);

  const refusal = (rejection: FileRejection | undefined) => {
    const code = rejection?.errors[0]?.code;
    if (code === ErrorCode.FileInvalidType) return t('filePicker.wrongType', { types });
    if (code === ErrorCode.FileTooLarge) return t('filePicker.tooLarge', { size });
    return t('filePicker.oneFile');
  };

  const { getRootProps, getInputProps, isDragActive, isDragReject } = useDropzone({
    accept,
    maxSize,
    multiple: false,
    disabled,
    // The zone's button takes the keyboard (Enter, Space); its click reaches the zone, which opens
    // the dialog.
    noKeyboard: true,
    onDrop: (accepted, rejections) => {
      const chosen = accepted[0];
      if (rejections.length > 0 || !chosen) {
        setRefused(refusal(rejections[0]));
        return;
      }
      setRefused(null);
      onFile(chosen);
    },
  });

  const message = refused ?? error ?? null;
  const describedBy = [`${id}-rules`, hint ? `${id}-hint` : '', message ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const images = Object.keys(accept).every((mime) => mime.startsWith('image/'));
  const Icon = images ? ImageUp : FileUp;
  const zoneClass = [
    'file-picker__zone',
    isDragActive ? 'file-picker__zone--over' : '',
    isDragReject ? 'file-picker__zone--reject' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={`field file-picker${message ? ' field--invalid' : ''}`}>
      <label htmlFor={`${id}-input`} id={`${id}-label`} className="field__label">
        {label}
      </label>
      <input
        {...getInputProps({
          id: `${id}-input`,
          'aria-label': undefined,
          'aria-labelledby': `${id}-label`,
          'aria-describedby': describedBy,
          'aria-invalid': message ? true : undefined,
        })}
      />
      <div {...getRootProps({ className: zoneClass })}>
        {/* Named from its content, not by aria-labelledby: the field's label names the input alone. */}
        <button
          type="button"
          className="file-picker__choose"
          disabled={disabled}
          aria-describedby={describedBy}
        >
          <Icon size={24} aria-hidden="true" className="file-picker__icon" />
          <span className="sr-only">{label}</span>{' '}
          <span className="file-picker__prompt">{t('filePicker.prompt')}</span>
        </button>
        <span id={`${id}-rules`} className="file-picker__rules">
          {t('filePicker.rules', { types, size })}
        </span>
      </div>
      {file && (
        <div className="file-picker__file">
          <FileText size={16} aria-hidden="true" />
          <span className="file-picker__name" title={file.name}>
            {file.name}
          </span>
          <span className="file-picker__size">{formatFileSize(file.size, i18n.language)}</span>
          {onRemove && (
            <button
              type="button"
              className="icon-button"
              disabled={disabled}
              aria-label={t('filePicker.remove', { name: file.name })}
              onClick={onRemove}
            >
              <X size={16} aria-hidden="true" />
            </button>
          )}
        </div>
      )}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

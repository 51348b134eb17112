import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/index.ts';
import { FilePicker } from './file-picker.tsx';

const PDF = { 'application/pdf': ['.pdf'] };
const MB = 1024 * 1024;

const pdf = (name = 'plan.pdf', bytes = 1200) =>
  new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

function renderPicker(props: Partial<Parameters<typeof FilePicker>[0]> = {}) {
  const onFile = vi.fn();
  render(
    <FilePicker
      label="Support du cours"
      accept={PDF}
      maxSize={2 * MB}
      onFile={onFile}
      {...props}
    />,
  );
  return { onFile };
}

/** Drops files on the zone as a browser does (a drag whose data holds files). */
async function drop(files: File[]) {
  const zone = screen.getByRole('button', { name: /Support du cours/ }).parentElement!;
  const items = files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file }));
  await act(async () => {
    fireEvent.drop(zone, { dataTransfer: { files, items, types: ['Files'] } });
  });
}

describe('FilePicker', () => {
  it('names the field, says what it takes, and is a button the keyboard reaches', async () => {
    renderPicker();
    const zone = screen.getByRole('button', {
      name: 'Support du cours Déposez un fichier ici ou choisissez-en un',
    });
    // The label names the file input alone, so getByLabel finds one control.
    expect(zone).toHaveAccessibleDescription(/^PDF, 2\sMo maximum$/);
    await userEvent.tab();
    expect(zone).toHaveFocus();
    expect(screen.getByLabelText('Support du cours')).toHaveAttribute('type', 'file');
  });

  it('hands over a file chosen in the dialog', async () => {
    const { onFile } = renderPicker();
    const file = pdf();
    await userEvent.upload(screen.getByLabelText('Support du cours'), file);
    expect(onFile).toHaveBeenCalledWith(file);
  });

  it('hands over a dropped file', async () => {
    const { onFile } = renderPicker();
    const file = pdf('syllabus.pdf');
    await drop([file]);
    expect(onFile).toHaveBeenCalledWith(file);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a file of another type with a translated message', async () => {
    const { onFile } = renderPicker();
    await drop([new File(['a;b'], 'notes.csv', { type: 'text/csv' })]);
    expect(onFile).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Ce type de fichier n’est pas accepté : choisissez un fichier PDF.',
    );
    expect(screen.getByLabelText('Support du cours')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a file over the limit, and says the limit in the reader’s language', async () => {
    await act(() => i18n.changeLanguage('en'));
    try {
      const { onFile } = renderPicker();
      await drop([pdf('big.pdf', 3 * MB)]);
      expect(onFile).not.toHaveBeenCalled();
      expect(screen.getByRole('alert')).toHaveTextContent('This file is too large: 2 MB at most.');
    } finally {
      await act(() => i18n.changeLanguage('fr'));
    }
  });

  it('shows the file the form holds, with a button that removes it', async () => {
    const onRemove = vi.fn();
    renderPicker({ file: pdf('plan.pdf'), onRemove });
    expect(screen.getByText('plan.pdf')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retirer plan.pdf' }));
    expect(onRemove).toHaveBeenCalled();
  });
});

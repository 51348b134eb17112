import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ApiUrl } from '../api/client.ts';
import type { ListState } from '../lib/list-state.ts';
import { type CsvColumn, exportCsv } from './export-csv.ts';
import { toastError } from './toast-error.ts';

interface ExportButtonProps<T> {
  path: ApiUrl<'get'>;
  state: ListState;
  columns: CsvColumn<T>[];
  filename: string;
}

/** 'Export CSV': every row of the current search, sort and filter. */
export function ExportButton<T>({ path, state, columns, filename }: ExportButtonProps<T>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const count = await exportCsv({ path, state, columns, filename });
      toast.success(t('manage.export.done', { count }));
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button button--ghost button--small"
      onClick={() => void run()}
      disabled={busy}
    >
      <Download size={16} aria-hidden="true" />
      {t('manage.export.csv')}
    </button>
  );
}

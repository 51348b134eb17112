import type { ColumnDef } from '@tanstack/react-table';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ListAnswer, ListState } from '../lib/list-state.ts';
import { renderWithProviders } from '../test/render.tsx';
import { DataTable } from './data-table.tsx';

interface Row {
  id: number;
  name: string;
  nb_students: number;
}

const columns: ColumnDef<Row, unknown>[] = [
  { accessorKey: 'name', header: 'Nom', meta: { sortKey: 'name' } },
  { accessorKey: 'nb_students', header: 'Étudiants', meta: { numeric: true } },
];

function Harness({
  answer,
  onChange,
}: {
  answer: ListAnswer<Row> | undefined;
  onChange: (change: Partial<ListState>) => void;
}) {
  const [state, setState] = useState<ListState>({
    page: 1,
    per_page: 25,
    q: '',
    sort: '',
    archived: false,
  });
  return (
    <DataTable
      caption="Promotions"
      columns={columns}
      answer={answer}
      isLoading={!answer}
      state={state}
      onStateChange={(change) => {
        onChange(change);
        setState((current) => ({ ...current, ...change }));
      }}
      emptyMessage="Aucune promotion trouvée"
      archivable
    />
  );
}

const answer = (rows: Row[], total = rows.length): ListAnswer<Row> => ({
  data: rows,
  meta: { page: 1, per_page: 25, total },
});

describe('DataTable', () => {
  it('shows the rows, the range and the rows-per-page choices of api.md', () => {
    renderWithProviders(
      <Harness
        answer={answer([{ id: 1, name: 'L1 2026-2027', nb_students: 24 }], 60)}
        onChange={() => {}}
      />,
    );
    const table = screen.getByRole('table', { name: 'Promotions' });
    expect(within(table).getByRole('cell', { name: 'L1 2026-2027' })).toBeInTheDocument();
    expect(screen.getByText('1–1 sur 60')).toBeInTheDocument();
    const perPage = screen.getByLabelText('Lignes par page');
    expect(
      within(perPage)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', '50', '100']);
    expect(screen.getByText('Page 1 sur 3')).toBeInTheDocument();
  });

  it("shows the entity's empty message", () => {
    renderWithProviders(<Harness answer={answer([])} onChange={() => {}} />);
    expect(screen.getByText('Aucune promotion trouvée')).toBeInTheDocument();
  });

  it('asks for a sort, a page, a page size, a search and the archived rows', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <Harness answer={answer([{ id: 1, name: 'A', nb_students: 1 }], 60)} onChange={onChange} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Nom/ }));
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'name' });
    await user.click(screen.getByRole('button', { name: /Nom/ }));
    expect(onChange).toHaveBeenLastCalledWith({ sort: '-name' });
    expect(screen.getByRole('columnheader', { name: /Nom/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 2 });
    await user.selectOptions(screen.getByLabelText('Lignes par page'), '50');
    expect(onChange).toHaveBeenLastCalledWith({ per_page: 50 });
    await user.click(screen.getByLabelText('Afficher les archivés'));
    expect(onChange).toHaveBeenLastCalledWith({ archived: true });
    await user.type(screen.getByLabelText('Rechercher'), 'algo');
    await vi.waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ q: 'algo' }));
  });
});

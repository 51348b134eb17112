import type { ColumnDef } from '@tanstack/react-table';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListAnswer, ListState } from '../lib/list-state.ts';
import { renderWithProviders } from '../test/render.tsx';
import { DataTable } from './data-table.tsx';

interface Row {
  id: number;
  name: string;
  nb_students: number;
  program?: string;
}

const columns: ColumnDef<Row, unknown>[] = [
  { accessorKey: 'name', header: 'Nom', meta: { sortKey: 'name' } },
  { accessorKey: 'nb_students', header: 'Étudiants', meta: { numeric: true } },
];

/** A row's name, a long program name and the row's action, as the list pages build them. */
const withActions: ColumnDef<Row, unknown>[] = [
  ...columns,
  { accessorKey: 'program', header: 'Formation', meta: { priority: 2 } },
  {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row }) => (
      <button type="button" aria-label={`Archiver ${row.original.name}`}>
        A
      </button>
    ),
  },
];

function Harness({
  answer,
  onChange,
  columns: shown = columns,
}: {
  answer: ListAnswer<Row> | undefined;
  onChange: (change: Partial<ListState>) => void;
  columns?: ColumnDef<Row, unknown>[];
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
      columns={shown}
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
  it('shows the rows, the range and the rows-per-page choices of the API', () => {
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

/** jsdom has no layout: a value longer than LIMIT characters is reported as cut by its box. */
const LIMIT = 20;

function cutLongValues() {
  const cut = (element: HTMLElement) =>
    element.classList.contains('truncated-text') && (element.textContent ?? '').length > LIMIT;
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return cut(this) ? 400 : 100;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(100);
}

describe('DataTable on a narrow screen', () => {
  beforeEach(() => {
    // Radix measures its tooltip with a ResizeObserver, which jsdom lacks.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    cutLongValues();
  });
  afterEach(() => vi.unstubAllGlobals());

  const rows = [
    { id: 1, name: 'L1', nb_students: 24, program: 'Licence Informatique L3 2026-2027' },
    { id: 2, name: 'M1', nb_students: 3, program: 'Master' },
  ];

  it('keeps every row’s actions, in the last cell of the row', () => {
    renderWithProviders(
      <Harness answer={answer(rows)} onChange={() => {}} columns={withActions} />,
    );
    const [, ...bodyRows] = screen.getAllByRole('row');
    expect(bodyRows).toHaveLength(2);
    for (const [index, row] of bodyRows.entries()) {
      const cells = within(row).getAllByRole('cell');
      const name = rows[index]?.name;
      expect(
        within(cells.at(-1) as HTMLElement).getByRole('button', { name: `Archiver ${name}` }),
      ).toBeVisible();
    }
  });

  it('shows a cut value in full on keyboard focus, and only a cut one takes the focus', async () => {
    renderWithProviders(
      <Harness answer={answer(rows)} onChange={() => {}} columns={withActions} />,
    );
    const user = userEvent.setup();
    const table = screen.getByRole('table', { name: 'Promotions' });
    // The full value stays the cell's text for assistive technologies.
    expect(
      within(table).getByRole('cell', { name: 'Licence Informatique L3 2026-2027' }),
    ).toBeInTheDocument();

    await user.click(screen.getByLabelText('Afficher les archivés'));
    await user.tab();
    expect(screen.getByRole('button', { name: /Nom/ })).toHaveFocus();
    await user.tab();
    expect(
      screen.getByText('Licence Informatique L3 2026-2027', { selector: 'span' }),
    ).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Licence Informatique L3 2026-2027',
    );

    // The next stop is the first row's action: the short 'Master' is not a stop of its own.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Archiver L1' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Archiver M1' })).toHaveFocus();
  });
});

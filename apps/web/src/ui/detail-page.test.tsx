import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { signedInAs } from '../test/session.ts';
import { DetailPage } from './detail-page.tsx';

function renderAt(element: ReactElement) {
  const router = createMemoryRouter([{ path: '/', element }]);
  return renderWithProviders(<RouterProvider router={router} />);
}

interface Row {
  name: string;
  city: string;
  levels: string[];
}

function Page({ data, error = false }: { data: Row | undefined; error?: string | false }) {
  return (
    <DetailPage
      data={data}
      eyebrow="Établissements"
      title={data?.name}
      back={{ to: '/institutions', label: 'Retour' }}
      archived={data !== undefined}
      error={error}
      label="Détails"
      actions={(row) => <button type="button">Modifier {row.name}</button>}
      lead={(row) => <strong>{row.name}</strong>}
      fields={(row) => [
        { label: 'Ville', value: row.city, className: 'manage-name' },
        { label: 'Niveaux', value: row.levels.length },
      ]}
      extra={(row) => <p>{row.levels.join(', ')}</p>}
    >
      <p>Toujours là</p>
    </DetailPage>
  );
}

describe('DetailPage', () => {
  it('shows the title, the facts in order, the actions and the archived badge of a loaded row', async () => {
    await signedInAs('super-admin');
    renderAt(<Page data={{ name: 'École Sup', city: 'Dakar', levels: ['L1', 'L2'] }} />);
    expect(await screen.findByRole('heading', { name: 'École Sup' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour' })).toHaveAttribute('href', '/institutions');
    expect(screen.getByRole('button', { name: 'Modifier École Sup' })).toBeInTheDocument();
    expect(screen.getByText('Archivé')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Détails' });
    expect([...card.querySelectorAll('dt')].map((term) => term.textContent)).toEqual([
      'Ville',
      'Niveaux',
    ]);
    expect(within(card).getByText('Dakar')).toHaveClass('manage-name');
    expect(within(card).getByText('École Sup')).toBeInTheDocument();
    expect(within(card).getByText('L1, L2')).toBeInTheDocument();
    expect(screen.getByText('Toujours là')).toBeInTheDocument();
  });

  it('shows an ellipsis and neither card nor actions while the row loads', async () => {
    await signedInAs('super-admin');
    renderAt(<Page data={undefined} />);
    expect(await screen.findByRole('heading', { name: '…' })).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText('Archivé')).not.toBeInTheDocument();
    expect(screen.getByText('Toujours là')).toBeInTheDocument();
  });

  it('says why when the row could not be loaded', async () => {
    await signedInAs('super-admin');
    renderAt(<Page data={undefined} error="Établissement introuvable." />);
    expect(await screen.findByText('Établissement introuvable.')).toHaveClass('notice--error');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ChapterOrder, type OrderedItem } from './chapter-order.tsx';

const ITEMS: OrderedItem[] = [
  { id: 1, title: 'Intro', archived_at: null },
  { id: 2, title: 'Boucles', archived_at: null },
  { id: 3, title: 'Tris', archived_at: null },
];

function renderOrder(onReorder?: (ids: number[]) => Promise<void>) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: <ChapterOrder items={ITEMS} hrefOf={(id) => `/c/${id}`} onReorder={onReorder} />,
    },
  ]);
  return renderWithProviders(<RouterProvider router={router} />);
}

const titles = () =>
  within(screen.getByRole('list'))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('ChapterOrder', () => {
  it('moves a chapter with the up and down buttons and saves the whole order', async () => {
    const onReorder = vi.fn(async () => undefined);
    renderOrder(onReorder);
    expect(screen.getByRole('button', { name: 'Monter Intro' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Descendre Intro' }));
    expect(onReorder).toHaveBeenLastCalledWith([2, 1, 3]);
    expect(titles()).toEqual(['Boucles', 'Intro', 'Tris']);
    expect(screen.getByText('Intro est maintenant en position 2.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Monter Tris' }));
    expect(onReorder).toHaveBeenLastCalledWith([2, 3, 1]);
  });

  it('puts the list back when the server refuses the order', async () => {
    const onReorder = vi.fn(async () => {
      throw new Error('422');
    });
    renderOrder(onReorder);
    await userEvent.click(screen.getByRole('button', { name: 'Descendre Boucles' }));
    await vi.waitFor(() => expect(titles()).toEqual(['Intro', 'Boucles', 'Tris']));
  });

  it('offers a keyboard drag handle per chapter (dnd-kit keyboard sensor)', async () => {
    const onReorder = vi.fn(async () => undefined);
    renderOrder(onReorder);
    const handle = screen.getByRole('button', { name: 'Déplacer Intro' });
    expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    fireEvent.keyDown(handle, { code: 'Escape', key: 'Escape' });
    expect(onReorder).not.toHaveBeenCalled();
    expect(titles()).toEqual(['Intro', 'Boucles', 'Tris']);
  });

  it('is read-only without onReorder: no handle, no buttons', () => {
    renderOrder();
    expect(titles()).toEqual(['Intro', 'Boucles', 'Tris']);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

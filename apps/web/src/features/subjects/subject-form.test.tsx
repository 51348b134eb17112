import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { SubjectForm } from './subject-form.tsx';

function renderForm(onSubmit = vi.fn(async () => undefined)) {
  renderWithProviders(
    <MemoryRouter>
      <SubjectForm submitLabel="Créer" cancelTo="/subjects" onSubmit={onSubmit} />
    </MemoryRouter>,
  );
  return { onSubmit, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

describe('SubjectForm: the API’s rules, checked before sending', () => {
  it('refuses a coefficient of 0 and a negative volume with the API’s messages, and sends nothing', async () => {
    const { onSubmit, user } = renderForm();
    await fill(user, { Nom: 'Algèbre', Coefficient: '0', 'Volume horaire': '-3' });
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(
      await screen.findByText('Le coefficient doit être un nombre strictement positif.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Le volume horaire doit être un nombre entier d’heures, 0 ou plus.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Coefficient')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses an empty name, an empty or oversized coefficient, three decimals and a fractional volume', async () => {
    const { onSubmit, user } = renderForm();
    await fill(user, { Nom: '', Coefficient: '', 'Volume horaire': '1,5' });
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('Ce champ est obligatoire.')).toBeInTheDocument();
    expect(
      screen.getByText('Le coefficient doit être un nombre strictement positif.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Le volume horaire doit être un nombre entier d’heures, 0 ou plus.'),
    ).toBeInTheDocument();
    await fill(user, { Nom: 'Algèbre', Coefficient: '101', 'Volume horaire': '10' });
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('Le coefficient ne peut pas dépasser 100.')).toBeInTheDocument();
    await fill(user, { Coefficient: '1,234' });
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('Le coefficient a au plus deux décimales.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends numbers, reading a decimal comma as people type it', async () => {
    const { onSubmit, user } = renderForm();
    await fill(user, {
      Nom: ' Algèbre ',
      Coefficient: '1,5',
      'Volume horaire': '24',
      Description: 'Groupes',
    });
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        { name: ' Algèbre ', description: 'Groupes', coefficient: 1.5, hourly_volume: 24 },
        undefined,
      ),
    );
  });

  it('puts the API’s field errors under their fields', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(422, 'Les données envoyées ne sont pas valides.', {
        coefficient: ['Message du serveur'],
      });
    });
    const { user } = renderForm(onSubmit);
    await fill(user, { Nom: 'Algèbre' });
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('Message du serveur')).toBeInTheDocument();
  });
});

import { zodResolver } from '@hookform/resolvers/zod';
import { phoneField } from '@skolar/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../test/render.tsx';
import { PhoneField } from './phone-field.tsx';

const schema = z.object({ phone: phoneField });

/** A form with the phone field alone, validated by the shared phone schema. */
function PhoneForm({ initial, onSave }: { initial: string; onSave: (phone: unknown) => void }) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { phone: initial },
  });
  return (
    <form onSubmit={handleSubmit((values) => onSave(values.phone))}>
      <Controller
        control={control}
        name="phone"
        render={({ field, fieldState }) => (
          <PhoneField label="Téléphone" {...field} error={fieldState.error} />
        )}
      />
      <button type="submit">Enregistrer</button>
    </form>
  );
}

function renderForm(initial = '') {
  const onSave = vi.fn();
  renderWithProviders(<PhoneForm initial={initial} onSave={onSave} />);
  return { onSave, user: userEvent.setup() };
}

describe('PhoneField', () => {
  it('starts on France with an example national number, and stores what is typed', async () => {
    const { onSave, user } = renderForm();
    expect(screen.getByRole('button', { name: 'Indicatif du pays : France (+33)' })).toBeVisible();
    const number = screen.getByLabelText('Téléphone');
    expect(number).toHaveAttribute('placeholder', '06 12 34 56 78');
    await user.type(number, '06 35 90 48 44');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onSave).toHaveBeenCalledWith('fr0635904844');
  });

  it('picks a country from the keyboard: search, arrows, Enter, then the number', async () => {
    const { onSave, user } = renderForm();
    screen.getByRole('button', { name: /Indicatif du pays/ }).focus();
    await user.keyboard('{Enter}');
    const search = screen.getByRole('combobox', { name: 'Rechercher un pays' });
    expect(search).toHaveFocus();
    expect(screen.getByRole('option', { name: /France/ })).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('it');
    // Names starting with the letters come first (Italie), then the others (Haïti, …).
    const options = screen.getAllByRole('option');
    expect(options[0]).toHaveTextContent('Italie');
    expect(options.map((option) => option.textContent)).toContain('Haïti+509');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{ArrowUp}');
    expect(search).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: /Italie/ }).id,
    );
    await user.keyboard('{Enter}');

    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Indicatif du pays : Italie (+39)' })).toBeVisible();
    expect(screen.getByLabelText('Téléphone')).toHaveFocus();
    expect(screen.getByLabelText('Téléphone')).toHaveAttribute('placeholder', '312 345 6789');
    await user.keyboard('06 1234 5678');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onSave).toHaveBeenCalledWith('it0612345678');
  });

  it('finds a country by a name typed without accents, and says when none matches', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: /Indicatif du pays/ }));
    await user.keyboard('equateur');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Équateur+593']);
    await user.keyboard('zz');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByText('Aucun pays ne correspond.')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('button', { name: /Indicatif du pays/ })).toHaveFocus();
  });

  it('shows an existing phone as its country and number, written as people type it', async () => {
    const { onSave, user } = renderForm('de0301234567');
    expect(
      screen.getByRole('button', { name: 'Indicatif du pays : Allemagne (+49)' }),
    ).toBeVisible();
    expect(screen.getByLabelText('Téléphone')).toHaveValue('030 1234567');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onSave).toHaveBeenCalledWith('de0301234567');
  });

  it('takes the country of a number pasted with its international prefix', async () => {
    const { onSave, user } = renderForm();
    await user.click(screen.getByLabelText('Téléphone'));
    await user.paste('+44 7700 900123');
    await user.tab();
    expect(
      screen.getByRole('button', { name: 'Indicatif du pays : Royaume-Uni (+44)' }),
    ).toBeVisible();
    expect(screen.getByLabelText('Téléphone')).toHaveValue('7700900123');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onSave).toHaveBeenCalledWith('gb7700900123');
  });

  it('shows the error under the field and ties it to the number', async () => {
    const { onSave, user } = renderForm();
    await user.type(screen.getByLabelText('Téléphone'), '06ab');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const number = screen.getByLabelText('Téléphone');
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription('Saisissez un numéro de téléphone valide.');
    expect(onSave).not.toHaveBeenCalled();
  });
});

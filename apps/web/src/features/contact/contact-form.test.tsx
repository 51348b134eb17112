import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, routesHandler } from '../../test/fetch.ts';
import { studentInfo } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ContactForm } from './contact-form.tsx';
import { SupportPage } from './support-page.tsx';

function renderForm(
  signedIn = false,
  page = <ContactForm signedIn={signedIn} headingId="contact" />,
) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            {page}
            <Toaster />
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

describe('ContactForm', () => {
  it('shows each field its own first server error, need, object and message included', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(422, {
        message: 'Les données envoyées ne sont pas valides.',
        errors: {
          email: ['Adresse invalide', 'second'],
          phone: ['Téléphone invalide'],
          need: ['Besoin invalide'],
          object: ['Objet obligatoire'],
          message: ['Message obligatoire'],
        },
      }),
    );
    renderForm();
    expect(screen.getByRole('heading', { name: 'Contactez-nous' })).toBeInTheDocument();
    expect(screen.getByText('Nous restons à votre disposition')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Téléphone'), '612345678');
    await user.selectOptions(screen.getByLabelText('Votre besoin'), 'Recevoir la brochure');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));

    expect(await screen.findByText('Adresse invalide')).toBeInTheDocument();
    expect(screen.queryByText('second')).toBeNull();
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Adresse invalide');
    expect(screen.getByLabelText('Téléphone')).toHaveAccessibleDescription('Téléphone invalide');
    expect(screen.getByLabelText('Votre besoin')).toHaveAccessibleDescription('Besoin invalide');
    expect(screen.getByLabelText('Objet')).toHaveAccessibleDescription('Objet obligatoire');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('Message obligatoire');

    // Phone as dial code, space, national number (France, the default country); brochure sends contact.
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/client-request');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      phone: '+33 6 12 34 56 78',
      need: 'contact',
    });
  });

  it("shows the server's message in the success toast, or 'envoyé !'", async () => {
    mockFetch(() => jsonResponse(200, { message: 'Merci, message reçu.' }));
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Merci, message reçu.')).toBeInTheDocument();

    mockFetch(() => jsonResponse(200, {}));
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('envoyé !')).toBeInTheDocument();
  });

  it('prefills a signed-in user and offers Cancel and Send', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(200, {
        id: 3,
        first_name: 'Léa',
        last_name: 'Martin',
        email: 'lea@example.test',
        phone: 'de301234567',
      }),
    );
    renderForm(true);
    expect(screen.getByRole('heading', { name: 'Contact' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Prénom')).toHaveValue('Léa'));
    expect(screen.getByLabelText('Téléphone')).toHaveValue('030 1234567');
    expect(
      screen.getByRole('button', { name: 'Indicatif du pays : Allemagne (+49)' }),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/info');
  });
});

describe('SupportPage', () => {
  it('is the signed-in contact form, prefilled, with the need support, posted to user-request', async () => {
    const fetchMock = mockFetch(
      routesHandler({
        'GET /api/auth/info': () =>
          jsonResponse(200, { ...studentInfo, phone: 'fr0612345678', email: 'amina@example.test' }),
        'POST /api/auth/user-request': () => jsonResponse(200, { message: 'Demande envoyée.' }),
      }),
    );
    renderForm(true, <SupportPage />);
    const user = userEvent.setup();
    expect(await screen.findByDisplayValue('amina@example.test')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Objet'), 'Accès');
    await user.type(screen.getByLabelText('Message'), 'Je ne vois pas mon cours.');
    await user.click(screen.getByRole('button', { name: /Envoyer/ }));
    expect(await screen.findByText('Demande envoyée.')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/user-request');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      email: 'amina@example.test',
      phone: '+33 6 12 34 56 78',
      need: 'support',
      object: 'Accès',
      message: 'Je ne vois pas mon cours.',
    });
  });
});

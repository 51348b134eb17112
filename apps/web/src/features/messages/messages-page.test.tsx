import type { Conversation, Role } from '@skolar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import {
  ANNA,
  aConversation,
  aMember,
  aMessage,
  BEN,
  CLAIRE,
  type MessagesServer,
  mockMessagesServer,
} from '../../test/messages.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signedInAs } from '../../test/session.ts';
import { ConversationPage } from './conversation-page.tsx';
import { MessagesPage } from './messages-page.tsx';

/** Anna's one-to-one, 3 unread; a titled group, read, its last message mine; Claire's, older. */
const LIST: Conversation[] = [
  aConversation(1, {
    members: [aMember(ANNA, 10)],
    unread: 3,
    messages: [
      aMessage(10),
      aMessage(11, { from: ANNA, body: 'Tu as\nle cours de mardi ?', minutesAgo: 5 }),
    ],
  }),
  aConversation(2, {
    title: 'Projet tuteuré',
    members: [aMember(BEN, 20), aMember(CLAIRE, 20)],
    messages: [aMessage(20, { body: 'Je m’occupe du plan.', minutesAgo: 90 })],
  }),
  aConversation(3, {
    members: [aMember(CLAIRE, 30)],
    blocked: true,
    messages: [aMessage(30, { from: CLAIRE, body: 'Bonjour', minutesAgo: 3 * 24 * 60 })],
  }),
];

async function renderPage(
  state: Parameters<typeof mockMessagesServer>[0] = { conversations: LIST },
  at = '/messages',
  role: Role = 'student',
) {
  await signedInAs(role);
  const server = mockMessagesServer(state);
  const router = createMemoryRouter(
    [
      { path: '/messages', element: <MessagesPage /> },
      { path: '/messages/:conversationId', element: <ConversationPage /> },
    ],
    { initialEntries: [at] },
  );
  renderWithProviders(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { server, router, user: userEvent.setup() };
}

const rows = async () =>
  within(await screen.findByRole('list', { name: 'Vos conversations' })).getAllByRole('article');

/** The body of the one request sent to that address. */
const sentTo = (server: MessagesServer, request: string) =>
  server.sent.filter((item) => item.request === request).map((item) => item.body);

describe('the messages page', () => {
  it('lists the conversations, the latest first, with their last message, time and unread count', async () => {
    const { server } = await renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    const [anna, group, claire] = await rows();

    const link = within(anna!).getByRole('link', { name: 'Anna Martin' });
    expect(link).toHaveAttribute('href', '/messages/1');
    expect(link).toHaveAccessibleDescription('3 non lus');
    expect(anna).toHaveClass('is-unread');
    expect(within(anna!).getByText('3')).toBeInTheDocument();
    // The excerpt is one line, after its author.
    expect(anna).toHaveTextContent('Anna Martin : Tu as le cours de mardi ?');
    expect(within(anna!).getByText('il y a 5 min')).toHaveAttribute(
      'datetime',
      LIST[0]!.messages[1]!.sent_at,
    );

    // A group: its title, how many people, the reader's own last message.
    const title = within(group!).getByRole('link', { name: 'Projet tuteuré' });
    expect(title).toHaveAttribute('href', '/messages/2');
    expect(title).not.toHaveAccessibleDescription();
    expect(group).not.toHaveClass('is-unread');
    expect(group).toHaveTextContent('Vous : Je m’occupe du plan.');
    expect(group).toHaveTextContent('3 personnes');

    expect(within(claire!).getByRole('link', { name: 'Claire Moreau' })).toHaveAttribute(
      'href',
      '/messages/3',
    );
    expect(within(claire!).getByText('Bloquée')).toBeInTheDocument();
    expect(server.asked).toContain('GET /api/conversations');
  });

  it('says when there is no conversation yet', async () => {
    await renderPage({ conversations: [] });
    expect(
      await screen.findByText(
        'Aucune conversation pour l’instant. Écrivez à quelqu’un avec « Nouveau message ».',
      ),
    ).toBeInTheDocument();
  });

  it('starts a group conversation: recipients picked by name, a title, the text; then shows it', async () => {
    const { server, router, user } = await renderPage();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Nouveau message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau message' });
    const to = within(dialog).getByRole('combobox', { name: 'Destinataires' });
    await waitFor(() => expect(to).toHaveFocus());
    // One person only: no title.
    expect(within(dialog).queryByRole('textbox', { name: /^Titre/ })).toBeNull();

    await user.type(to, 'ann');
    const anna = await within(dialog).findByRole('option', { name: 'Anna Martin' });
    expect(to).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(1));
    expect(server.asked).toContain('GET /api/conversations/contacts?q=ann');
    await user.click(anna);
    const chosen = within(dialog).getByRole('list', { name: 'Personnes choisies' });
    expect(within(chosen).getByText('Anna Martin')).toBeInTheDocument();
    expect(to).toHaveValue('');
    expect(to).toHaveFocus();

    // By the keyboard: the arrows move, Enter chooses (and sends nothing).
    await user.type(to, 'r');
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Ben Durand', 'Claire MoreauPersonnel']),
    );
    await user.keyboard('{ArrowDown}');
    expect(to).toHaveAttribute(
      'aria-activedescendant',
      within(dialog).getByRole('option', { name: /Claire Moreau/ }).id,
    );
    await user.keyboard('{ArrowUp}{Enter}');
    expect(within(chosen).getByText('Ben Durand')).toBeInTheDocument();
    expect(sentTo(server, 'POST /api/conversations')).toEqual([]);

    // Two people: the title shows.
    const title = within(dialog).getByRole('textbox', {
      name: 'Titre de la conversation (facultatif)',
    });
    await user.type(title, 'Révisions');
    const text = within(dialog).getByRole('textbox', { name: 'Message' });
    expect(text).toHaveAccessibleDescription('0 / 4000 caractères');
    await user.type(text, 'On se voit jeudi ?{Enter}À la BU');
    expect(text).toHaveAccessibleDescription('26 / 4000 caractères');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/901'));
    expect(sentTo(server, 'POST /api/conversations')).toEqual([
      { member_ids: [ANNA.id, BEN.id], title: 'Révisions', body: 'On se voit jeudi ?\nÀ la BU' },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Révisions' })).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('removes a chosen person with their chip’s button or Backspace, and sends no title to one person', async () => {
    const { server, user } = await renderPage();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Nouveau message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau message' });
    const to = within(dialog).getByRole('combobox', { name: 'Destinataires' });
    for (const name of ['Anna', 'Ben', 'Claire']) {
      await user.type(to, name);
      await user.click(await within(dialog).findByRole('option', { name: new RegExp(name) }));
    }
    await user.type(within(dialog).getByRole('textbox', { name: /^Titre/ }), 'Oublié');
    await user.click(within(dialog).getByRole('button', { name: 'Retirer Ben Durand' }));
    await user.click(to);
    await user.keyboard('{Backspace}');
    const chosen = within(dialog).getByRole('list', { name: 'Personnes choisies' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Anna Martin']);
    expect(within(dialog).queryByRole('textbox', { name: /^Titre/ })).toBeNull();

    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Salut');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() =>
      expect(sentTo(server, 'POST /api/conversations')).toEqual([
        { member_ids: [ANNA.id], title: null, body: 'Salut' },
      ]),
    );
  });

  it('asks for a recipient and a text before sending, and shows the server’s refusal under the recipients', async () => {
    const { server, user } = await renderPage();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Nouveau message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau message' });
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    const to = within(dialog).getByRole('combobox', { name: 'Destinataires' });
    await waitFor(() => expect(to).toHaveAttribute('aria-invalid', 'true'));
    expect(to).toHaveAccessibleDescription(
      expect.stringContaining(
        'Choisissez de 1 à 9 personnes avec qui vous partagez une promotion, un groupe ou une matière.',
      ),
    );
    expect(within(dialog).getByText('Ce champ est obligatoire.')).toBeVisible();
    expect(sentTo(server, 'POST /api/conversations')).toEqual([]);

    await user.type(to, 'Anna');
    await user.click(await within(dialog).findByRole('option', { name: 'Anna Martin' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Bonjour');
    server.refuse = {
      status: 422,
      body: {
        message: 'Certaines valeurs sont invalides.',
        errors: { member_ids: ['Vous ne pouvez pas écrire à cette personne.'] },
      },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() =>
      expect(to).toHaveAccessibleDescription(
        expect.stringContaining('Vous ne pouvez pas écrire à cette personne.'),
      ),
    );
    expect(to).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Nouveau message' })).toBeInTheDocument();
  });

  it('closes the suggestions on Escape, then the dialog', async () => {
    const { user } = await renderPage();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Nouveau message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau message' });
    const to = within(dialog).getByRole('combobox', { name: 'Destinataires' });
    await user.type(to, 'Anna');
    await within(dialog).findByRole('option', { name: 'Anna Martin' });
    await user.keyboard('{Escape}');
    expect(to).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens the composer with the person of `?to=` chosen, the focus in the text', async () => {
    const { router, user } = await renderPage({ conversations: LIST }, `/messages?to=${BEN.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau message' });
    const chosen = await within(dialog).findByRole('list', { name: 'Personnes choisies' });
    expect(within(chosen).getByText('Ben Durand')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveFocus(),
    );

    // Closed: the address no longer asks for it.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('says so when the person of `?to=` is not among the contacts', async () => {
    await renderPage({ conversations: LIST }, '/messages?to=99');
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau message' });
    expect(
      await within(dialog).findByText(
        'La personne demandée n’est pas parmi les contacts proposés : cherchez-la par son nom.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Personnes choisies' })).toBeNull();
  });

  it('lists the blocked people, folded, and unblocks one', async () => {
    const blocked_at = '2026-11-02T10:00:00Z';
    const { server, user } = await renderPage({
      conversations: LIST,
      blocks: [
        { id: CLAIRE.id, name: CLAIRE.name, blocked_at },
        { id: BEN.id, name: BEN.name, blocked_at },
      ],
    });
    const toggle = await screen.findByRole('button', { name: 'Personnes bloquées (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Personnes bloquées' })).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list', { name: 'Personnes bloquées' });
    const [claire, ben] = within(list).getAllByRole('listitem');
    expect(claire).toHaveTextContent(/^Claire MoreauBloquée le 2 nov\. 2026Débloquer/);
    expect(ben).toHaveTextContent(/^Ben Durand/);

    await user.click(within(list).getByRole('button', { name: 'Débloquer Claire Moreau' }));
    await waitFor(() => expect(server.asked).toContain(`DELETE /api/me/blocks/${CLAIRE.id}`));
    expect(
      await screen.findByText('Vous pouvez de nouveau échanger avec Claire Moreau.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryByText('Claire Moreau')).toBeNull());
    expect(screen.getByRole('button', { name: 'Personnes bloquées (1)' })).toBeInTheDocument();
    // Her conversation is no longer blocked.
    await waitFor(async () => expect(within((await rows())[2]!).queryByText('Bloquée')).toBeNull());
  });

  it('says when nobody is blocked', async () => {
    const { user } = await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Personnes bloquées' }));
    expect(await screen.findByText('Vous n’avez bloqué personne.')).toBeInTheDocument();
  });
});

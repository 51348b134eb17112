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
  CHLOE,
  CLAIRE,
  type MessagesServer,
  mockMessagesServer,
} from '../../test/messages.ts';
import { aNotification, FakeEventSource, mockEventSource } from '../../test/notifications.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signedInAs } from '../../test/session.ts';
import { ConversationPage } from './conversation-page.tsx';

/**
 * With Anna, who has read up to her own 14: the reader's 10, 12 (with what looks like HTML) and
 * 13 are seen, 15 is not.
 */
const WITH_ANNA = aConversation(1, {
  members: [aMember(ANNA, 14)],
  messages: [
    aMessage(10, { body: 'Salut Anna' }),
    aMessage(11, { from: ANNA, body: 'Salut !\nÇa va ?' }),
    aMessage(12, { body: '<b>pas du HTML</b>' }),
    aMessage(13),
    aMessage(14, { from: ANNA }),
    aMessage(15),
  ],
});

/** A titled group: Ben and Claire (staff) have read everything, Chloé up to 20. */
const GROUP = aConversation(2, {
  title: 'Projet tuteuré',
  members: [aMember(BEN, 23), aMember(CLAIRE, 23), aMember(CHLOE, 20)],
  messages: [
    aMessage(20),
    aMessage(21, { from: BEN }),
    aMessage(22, { from: CLAIRE }),
    aMessage(23, { body: 'Je rends le plan lundi.' }),
  ],
});

async function renderConversation(
  conversation: Conversation = WITH_ANNA,
  options: { role?: Role; live?: boolean } & Parameters<typeof mockMessagesServer>[0] = {},
) {
  const { role = 'student', live = false, ...state } = options;
  await signedInAs(role);
  if (live) mockEventSource();
  const server = mockMessagesServer({ conversations: [conversation], ...state });
  const router = createMemoryRouter(
    [{ path: '/messages/:conversationId', element: <ConversationPage /> }],
    { initialEntries: [`/messages/${conversation.id}`] },
  );
  renderWithProviders(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { server, router, user: userEvent.setup() };
}

/** The messages shown, in order: who wrote each and its text. */
const shown = (within_: HTMLElement = screen.getByRole('region', { name: /^Messages de/ })) =>
  within(within_)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.message__body')?.textContent);

const log = () => screen.getByRole('log', { name: 'Derniers messages' });
const text = () => screen.getByRole('textbox', { name: 'Votre message' });
const reads = (server: MessagesServer, id = 1) =>
  server.asked.filter((line) => line === `POST /api/conversations/${id}/read`).length;

describe('a one-to-one conversation', () => {
  it('shows its messages oldest first, the reader’s at the end, “Vu” under their latest one seen', async () => {
    const { server } = await renderConversation();
    expect(await screen.findByRole('heading', { level: 1, name: 'Anna Martin' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Toutes les conversations' })).toHaveAttribute(
      'href',
      '/messages',
    );
    expect(screen.getByRole('list', { name: 'Membres' })).toHaveTextContent('Anna Martin');

    // New messages are announced: the latest ones are a polite live log.
    expect(log()).toHaveAttribute('aria-live', 'polite');
    const items = within(log()).getAllByRole('listitem');
    expect(shown(log())).toEqual([
      'Salut Anna',
      'Salut !\nÇa va ?',
      '<b>pas du HTML</b>',
      'Message 13',
      'Message 14',
      'Message 15',
    ]);
    // Plain text: what looks like HTML is written out, never made into elements.
    expect(items[2]!.querySelector('b')).toBeNull();

    const [mine, hers] = [items[0]!, items[1]!];
    expect(mine).toHaveClass('message--mine');
    expect(within(mine).getByText('Vous')).toBeInTheDocument();
    expect(hers).not.toHaveClass('message--mine');
    expect(within(hers).getByText('Anna Martin')).toBeInTheDocument();
    expect(within(hers).getByText(/^\d\d:\d\d$/)).toHaveAttribute(
      'datetime',
      WITH_ANNA.messages[1]!.sent_at,
    );

    // Seen: under 13 only (her receipt is at 14; 15 came after).
    expect(screen.getAllByText('Vu')).toHaveLength(1);
    expect(within(items[3]!).getByText('Vu')).toBeInTheDocument();

    // Shown: marked read, once.
    await waitFor(() => expect(reads(server)).toBe(1));
    expect(server.asked.filter((line) => line.startsWith('GET /api/conversations/1'))).toEqual([
      'GET /api/conversations/1',
    ]);
  });

  it('sends on Enter, goes to the next line on Shift+Enter, and with the Send button', async () => {
    const { server, user } = await renderConversation();
    await screen.findByRole('log');
    await waitFor(() => expect(reads(server)).toBe(1));
    const box = text();
    expect(box).toHaveAccessibleDescription(
      'Entrée pour envoyer, Maj + Entrée pour aller à la ligne.',
    );
    await user.type(box, 'Première ligne{Shift>}{Enter}{/Shift}Seconde');
    expect(box).toHaveValue('Première ligne\nSeconde');
    expect(server.sent).toEqual([]);

    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(server.sent).toEqual([
        {
          request: 'POST /api/conversations/1/messages',
          body: { body: 'Première ligne\nSeconde' },
        },
      ]),
    );
    await waitFor(() => expect(shown(log()).at(-1)).toBe('Première ligne\nSeconde'));
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();

    // An empty box sends nothing.
    await user.keyboard('{Enter}');
    await user.type(box, 'Avec le bouton');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(shown(log()).at(-1)).toBe('Avec le bouton'));
    expect(server.sent).toHaveLength(2);
    // The reader's own messages move nothing they have not read.
    expect(reads(server)).toBe(1);
  });

  it('keeps the text and says why when sending is refused', async () => {
    const { server, user } = await renderConversation();
    await screen.findByRole('log');
    server.refuse = {
      status: 409,
      body: { message: 'Vous ne pouvez pas écrire à cette personne.' },
    };
    await user.type(text(), 'Tu es là ?{Enter}');
    expect(await screen.findByText('Vous ne pouvez pas écrire à cette personne.')).toBeVisible();
    expect(text()).toHaveValue('Tu es là ?');
  });

  it('marks itself read again when a message arrives while it is open', async () => {
    const { server } = await renderConversation(WITH_ANNA, { live: true });
    await screen.findByRole('log');
    await waitFor(() => expect(reads(server)).toBe(1));
    const [stream] = FakeEventSource.live();

    server.conversations[0]!.messages.push(aMessage(16, { from: ANNA, body: 'Tu viens ?' }));
    stream!.emit('notification', aNotification(70, { type: 'message', link: '/messages/1' }));
    await waitFor(() => expect(shown(log()).at(-1)).toBe('Tu viens ?'));
    await waitFor(() => expect(reads(server)).toBe(2));
  });

  it('loads older messages before the first one shown, above the live log', async () => {
    const many = aConversation(1, {
      members: [aMember(ANNA)],
      messages: [10, 11, 12, 13, 14, 15, 16].map((id) => aMessage(id)),
    });
    const { server, user } = await renderConversation(many, { pageSize: 3 });
    await screen.findByRole('log');
    expect(shown()).toEqual(['Message 14', 'Message 15', 'Message 16']);

    await user.click(screen.getByRole('button', { name: 'Charger les messages précédents' }));
    await waitFor(() =>
      expect(shown()).toEqual([
        'Message 11',
        'Message 12',
        'Message 13',
        'Message 14',
        'Message 15',
        'Message 16',
      ]),
    );
    expect(server.asked).toContain('GET /api/conversations/1?before=14');
    // Older messages are not announced: the live log holds the latest only.
    expect(shown(log())).toEqual(['Message 14', 'Message 15', 'Message 16']);

    await user.click(screen.getByRole('button', { name: 'Charger les messages précédents' }));
    await waitFor(() => expect(shown()[0]).toBe('Message 10'));
    expect(server.asked).toContain('GET /api/conversations/1?before=11');
    // None left: the button goes, the focus on the messages.
    expect(screen.queryByRole('button', { name: 'Charger les messages précédents' })).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Messages de la conversation' })).toHaveFocus(),
    );
  });

  it('has no usable composer when a block stops it, and says why', async () => {
    const { server, user } = await renderConversation({ ...WITH_ANNA, blocked: true });
    await screen.findByRole('log');
    expect(text()).toBeDisabled();
    expect(text()).toHaveAccessibleDescription(
      'Vous ne pouvez plus écrire dans cette conversation : l’un de vous a bloqué l’autre.',
    );
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeDisabled();
    await user.type(text(), 'Allô{Enter}');
    expect(server.sent).toEqual([]);
    // Not blocked by the reader: nothing to unblock here.
    expect(screen.queryByRole('button', { name: /^Débloquer/ })).toBeNull();
  });

  it('blocks the other person after a confirmation; then offers to unblock them', async () => {
    const { server, user } = await renderConversation();
    await screen.findByRole('log');
    await user.click(await screen.findByRole('button', { name: 'Bloquer Anna Martin' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Bloquer Anna Martin ?' });
    await user.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    expect(server.asked).not.toContain(`PUT /api/me/blocks/${ANNA.id}`);

    await user.click(screen.getByRole('button', { name: 'Bloquer Anna Martin' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Bloquer' }),
    );
    await waitFor(() => expect(server.asked).toContain(`PUT /api/me/blocks/${ANNA.id}`));
    expect(await screen.findByText('Anna Martin ne peut plus vous écrire.')).toBeInTheDocument();
    await waitFor(() => expect(text()).toBeDisabled());
    expect(text()).toHaveAccessibleDescription(
      'Vous avez bloqué Anna Martin : débloquez cette personne pour lui écrire de nouveau.',
    );

    await user.click(screen.getByRole('button', { name: 'Débloquer Anna Martin' }));
    await waitFor(() => expect(server.asked).toContain(`DELETE /api/me/blocks/${ANNA.id}`));
    await waitFor(() => expect(text()).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Bloquer Anna Martin' })).toBeInTheDocument();
  });

  it('says the server’s reason when a block is refused', async () => {
    const { server, user } = await renderConversation();
    await screen.findByRole('log');
    server.refuse = {
      status: 422,
      body: {
        message: 'Certaines valeurs sont invalides.',
        errors: { userId: ['Seuls d’autres apprenants peuvent être bloqués.'] },
      },
    };
    await user.click(await screen.findByRole('button', { name: 'Bloquer Anna Martin' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Bloquer' }),
    );
    expect(
      await screen.findByText('Seuls d’autres apprenants peuvent être bloqués.'),
    ).toBeInTheDocument();
    expect(text()).toBeEnabled();
  });

  it('offers a teacher to block anyone', async () => {
    await renderConversation(aConversation(3, { members: [aMember(CLAIRE)] }), { role: 'teacher' });
    expect(await screen.findByRole('button', { name: 'Bloquer Claire Moreau' })).toBeVisible();
  });

  it('offers a learner no block of staff', async () => {
    const withClaire = aConversation(3, { members: [aMember(CLAIRE)] });
    await renderConversation(withClaire);
    expect(await screen.findByRole('heading', { level: 1, name: 'Claire Moreau' })).toBeVisible();
    expect(screen.getByRole('list', { name: 'Membres' })).toHaveTextContent(
      'Claire Moreau (Personnel)',
    );
    expect(screen.queryByRole('button', { name: /^Bloquer/ })).toBeNull();
  });

  it('says so when the conversation is not the reader’s', async () => {
    await signedInAs('student');
    mockMessagesServer({ conversations: [] });
    const router = createMemoryRouter(
      [{ path: '/messages/:conversationId', element: <ConversationPage /> }],
      { initialEntries: ['/messages/404'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    expect(
      await screen.findByText('Cette conversation n’existe pas, ou vous n’en faites pas partie.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Toutes les conversations' })).toBeInTheDocument();
  });
});

describe('a group conversation', () => {
  it('shows its title, its members (staff marked), and who has seen the reader’s messages', async () => {
    const { server } = await renderConversation(GROUP);
    expect(await screen.findByRole('heading', { level: 1, name: 'Projet tuteuré' })).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'Membres' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ben Durand', 'Claire Moreau (Personnel)', 'Chloé Petit']);

    const items = within(log()).getAllByRole('listitem');
    expect(within(items[1]!).getByText('Ben Durand')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Vu par Chloé Petit')).toBeInTheDocument();
    expect(within(items[3]!).getByText('Vu par Ben Durand et Claire Moreau')).toBeInTheDocument();
    expect(screen.queryByText('Vu')).toBeNull();
    // No block in a group.
    expect(screen.queryByRole('button', { name: /^Bloquer/ })).toBeNull();
    await waitFor(() => expect(reads(server, 2)).toBe(1));
    expect(server.asked).not.toContain('GET /api/me/blocks');
  });
});

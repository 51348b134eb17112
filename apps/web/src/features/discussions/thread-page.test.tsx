import type { DiscussionPost, DiscussionThread, Role } from '@skolar/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AMINA,
  aPost,
  aThread,
  CLAIRE,
  MINE,
  MODERATED,
  PEOPLE,
  REPORTABLE,
  windowEnd,
} from '../../test/discussions.ts';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { aNotification, FakeEventSource, mockEventSource } from '../../test/notifications.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signedInAs } from '../../test/session.ts';
import { DiscussionThreadPage } from './thread-page.tsx';

// ProseMirror (the text's editor) measures the selection; jsdom has no layout.
const noRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] });
Object.assign(Range.prototype, {
  getClientRects: noRects,
  getBoundingClientRect: () => new DOMRect(),
});
if (!('getClientRects' in Text.prototype)) {
  Object.assign(Text.prototype, { getClientRects: noRects });
}

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/**
 * A question of Lucas in Algorithmique, as Amina (a learner) reads it: Claire's accepted answer
 * (edited), Amina's own reply still in its window, two removed replies, and an old reply of Amina's.
 */
function learnerThread(): DiscussionThread {
  return aThread(
    1,
    [
      aPost(10, {
        body: '<p>Pourquoi n log n ?</p>',
        mentions: [{ id: CLAIRE.id, name: CLAIRE.name }],
        can: REPORTABLE,
      }),
      aPost(11, {
        author: CLAIRE,
        body: '<p>Parce que l’arbre a log n niveaux.</p>',
        accepted: true,
        edited_at: ago(60),
        can: REPORTABLE,
      }),
      aPost(12, {
        author: AMINA,
        body: '<p>Merci, c’est plus clair.</p>',
        minutes: 5,
        editable_until: windowEnd(25),
        mentions: [
          { id: 21, name: 'Lucas Bernard' },
          { id: 22, name: 'Éloïse Petit' },
        ],
        can: MINE,
      }),
      aPost(13, { body: null, removed: { at: ago(30), by_staff: true } }),
      aPost(14, { body: null, removed: { at: ago(20), by_staff: false } }),
      // The page stayed open past its window: its `can` is stale, its time is not.
      aPost(15, { author: AMINA, editable_until: ago(1), can: MINE }),
    ],
    { title: 'Complexité du tri fusion', is_question: true, answered: true },
  );
}

/** The same thread as a teacher of the subject moderates it; Amina's reply is reported. */
function staffThread(): DiscussionThread {
  const thread = learnerThread();
  return {
    ...thread,
    posts: [
      { ...thread.posts[0]!, can: { update: false, delete: true, report: false, accept: false } },
      { ...thread.posts[1]!, can: MODERATED },
      {
        ...thread.posts[2]!,
        editable_until: null,
        can: MODERATED,
        reports: [{ reason: 'Hors sujet', at: ago(2) }],
      },
    ],
    open_reports: 1,
    can: { reply: true, moderate: true, delete: true },
  };
}

interface Server {
  thread: DiscussionThread;
  /** Every request, `METHOD /path`, and the bodies sent. */
  asked: string[];
  sent: Array<{ request: string; body: unknown }>;
  /** The answer of the next change, instead of a success. */
  refuse?: { status: number; body: unknown };
}

const replacePost = (thread: DiscussionThread, id: number, change: Partial<DiscussionPost>) => ({
  ...thread,
  posts: thread.posts.map((post) => (post.id === id ? { ...post, ...change } : post)),
});

/** The thread's API, kept in memory. */
function mockServer(thread: DiscussionThread): Server {
  const server: Server = { thread, asked: [], sent: [] };
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    const request = `${method} ${url}`;
    server.asked.push(request);
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    if (method !== 'GET') server.sent.push({ request, body });
    if (method !== 'GET' && server.refuse) {
      const { status, body: answer } = server.refuse;
      server.refuse = undefined;
      return jsonResponse(status, answer);
    }
    if (url.startsWith('/api/discussions/people?')) return jsonResponse(200, { data: PEOPLE });
    if (url === '/api/discussions/1') {
      if (method === 'GET') return jsonResponse(200, server.thread);
      if (method === 'DELETE') return new Response(null, { status: 204 });
      if (method === 'PATCH') {
        const patch = body as { is_question?: boolean; accepted_post_id?: number | null };
        let next = {
          ...server.thread,
          ...('is_question' in patch ? { is_question: !!patch.is_question } : {}),
        };
        if ('accepted_post_id' in patch) {
          next = {
            ...next,
            answered: patch.accepted_post_id !== null,
            posts: next.posts.map((post) => ({
              ...post,
              accepted: post.id === patch.accepted_post_id,
            })),
          };
        }
        server.thread = next;
        return jsonResponse(200, next);
      }
    }
    if (url === '/api/discussions/1/subscription') {
      server.thread = { ...server.thread, subscribed: Boolean(body?.subscribed) };
      return jsonResponse(200, { subscribed: server.thread.subscribed });
    }
    if (url === '/api/discussions/1/posts' && method === 'POST') {
      const post = aPost(20, {
        author: AMINA,
        body: String(body?.body),
        minutes: 0,
        editable_until: windowEnd(30),
        can: MINE,
      });
      server.thread = { ...server.thread, posts: [...server.thread.posts, post] };
      return jsonResponse(201, post);
    }
    const post = /^\/api\/discussion-posts\/(\d+)(\/reports?)?$/.exec(url);
    if (post) {
      const id = Number(post[1]);
      if (post[2] === '/report') return new Response(null, { status: 204 });
      if (post[2] === '/reports') {
        server.thread = replacePost(server.thread, id, { reports: [] });
        return new Response(null, { status: 204 });
      }
      if (method === 'DELETE') {
        server.thread = replacePost(server.thread, id, {
          body: null,
          removed: { at: new Date().toISOString(), by_staff: false },
        });
        return new Response(null, { status: 204 });
      }
      if (method === 'PATCH') {
        server.thread = replacePost(server.thread, id, {
          ...(body?.body ? { body: String(body.body) } : {}),
          edited_at: new Date().toISOString(),
        });
        return jsonResponse(
          200,
          server.thread.posts.find((item) => item.id === id),
        );
      }
    }
    throw new Error(`Unexpected request ${request}`);
  });
  return server;
}

async function renderThread(
  role: Role,
  thread: DiscussionThread,
  at = '/discussions/1',
  live = false,
) {
  await signedInAs(role);
  if (live) mockEventSource();
  const server = mockServer(thread);
  const router = createMemoryRouter(
    [
      { path: '/discussions/:threadId', element: <DiscussionThreadPage /> },
      { path: '/discussions', element: <h1>Toutes les discussions</h1> },
    ],
    { initialEntries: [at] },
  );
  renderWithProviders(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  await screen.findByRole('heading', { level: 1, name: thread.title });
  return { server, router, user: userEvent.setup() };
}

const post = (id: number) => document.getElementById(`post-${id}`)!;
const changes = (server: Server) => server.sent;

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  // jsdom has none: put it back as it was.
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('a thread, for a learner', () => {
  it('shows the posts in order, who wrote them, the accepted answer and the removed ones’ traces', async () => {
    await renderThread('student', learnerThread());
    expect(screen.getByText('Algorithmique', { selector: '.page__eyebrow' })).toBeInTheDocument();
    const header = screen.getByRole('heading', { level: 1 }).parentElement!;
    expect(within(header).getByText('Résolue')).toBeInTheDocument();
    expect(within(header).getByText('Ouverte par Lucas Bernard')).toBeInTheDocument();

    const articles = screen.getAllByRole('article');
    expect(articles.map((article) => article.id)).toEqual([
      'post-10',
      'post-11',
      'post-12',
      'post-13',
      'post-14',
      'post-15',
    ]);
    expect(articles[0]).toHaveAccessibleName('Message d’ouverture de Lucas Bernard');
    expect(within(articles[0]!).getByText('Pourquoi n log n ?')).toBeInTheDocument();
    expect(within(articles[0]!).getByText('Mentionne : Claire Martin')).toBeInTheDocument();

    const answer = articles[1]!;
    expect(answer).toHaveAccessibleName('Message de Claire Martin');
    expect(answer).toHaveClass('is-accepted');
    expect(within(answer).getByText('Équipe')).toBeInTheDocument();
    expect(within(answer).getByText('Réponse acceptée')).toBeInTheDocument();
    expect(within(answer).getByText('modifié')).toBeInTheDocument();
    expect(within(articles[2]!).queryByText('modifié')).toBeNull();
    expect(within(articles[2]!).getByText('Mentionne : Lucas Bernard, Éloïse Petit')).toBeVisible();

    // The accepted answer is also shown first, in its own card, with the way to it.
    const card = screen.getByRole('region', { name: 'Réponse acceptée' });
    expect(within(card).getByText('Parce que l’arbre a log n niveaux.')).toBeInTheDocument();
    expect(
      within(card).getByRole('link', { name: 'Voir la réponse dans la discussion' }),
    ).toHaveAttribute('href', '/discussions/1#post-11');

    expect(within(articles[3]!).getByText(/^Message retiré par l’équipe le /)).toBeInTheDocument();
    expect(
      within(articles[4]!).getByText(/^Message retiré par son auteur le /),
    ).toBeInTheDocument();
    // A trace has no text nor action.
    expect(within(articles[3]!).queryByRole('button')).toBeNull();
  });

  it('offers a learner what each post’s `can` allows: report others’, edit and remove their own', async () => {
    await renderThread('student', learnerThread());
    expect(
      screen.getByRole('button', { name: 'Signaler le message de Lucas Bernard' }),
    ).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Signaler le message de Claire Martin' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Signaler le message de Amina/ })).toBeNull();
    // Accepting is staff's: never offered to a learner, nor the thread's moderation.
    expect(screen.queryByRole('button', { name: /accepter comme réponse/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Question' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retirer la discussion' })).toBeNull();

    const mine = post(12);
    expect(
      within(mine).getByRole('button', { name: 'Modifier le message de Amina Diallo' }),
    ).toBeVisible();
    expect(
      within(mine).getByRole('button', { name: 'Retirer le message de Amina Diallo' }),
    ).toBeVisible();
    expect(
      within(mine).getByText(/^Vous pouvez le modifier ou le retirer jusqu’à \d\d:\d\d\.$/),
    ).toBeVisible();
    // Past its window, editing is not offered, whatever the page was told before.
    expect(within(post(15)).queryByRole('button', { name: /^Modifier/ })).toBeNull();
    expect(within(post(15)).queryByText(/^Vous pouvez le modifier/)).toBeNull();
  });

  it('edits one’s own post in place, sending what changed', async () => {
    const { server, user } = await renderThread('student', learnerThread());
    await user.click(screen.getByRole('button', { name: 'Modifier le message de Amina Diallo' }));
    const editor = screen.getByRole('textbox', { name: 'Message de Amina Diallo' });
    act(() => editor.focus());
    await user.keyboard('Super ! ');
    const chosen = within(post(12)).getByRole('list', { name: 'Personnes mentionnées' });
    await user.click(
      within(chosen).getByRole('button', { name: 'Ne plus mentionner Éloïse Petit' }),
    );
    await user.click(within(post(12)).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(changes(server)).toHaveLength(1));
    const [edit] = changes(server);
    expect(edit!.request).toBe('PATCH /api/discussion-posts/12');
    expect(edit!.body).toEqual({ body: expect.stringContaining('Super !'), mentions: [21] });
    expect(await screen.findByText('Message enregistré.')).toBeInTheDocument();
    await waitFor(() => expect(within(post(12)).getByText('modifié')).toBeInTheDocument());
    expect(within(post(12)).queryByRole('textbox')).toBeNull();
  });

  it('says so when the edit window closed meanwhile', async () => {
    const { server, user } = await renderThread('student', learnerThread());
    await user.click(screen.getByRole('button', { name: 'Modifier le message de Amina Diallo' }));
    act(() => screen.getByRole('textbox', { name: 'Message de Amina Diallo' }).focus());
    await user.keyboard('Encore ');
    server.refuse = {
      status: 409,
      body: { message: 'Le délai pour modifier ou retirer ce message est passé.' },
    };
    await user.click(within(post(12)).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(post(12)).findByRole('alert')).toHaveTextContent(
      'Le délai pour modifier ou retirer ce message est passé.',
    );
    expect(within(post(12)).getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
  });

  it('removes one’s own post after a confirmation: a trace stays', async () => {
    const { server, user } = await renderThread('student', learnerThread());
    await user.click(
      within(post(12)).getByRole('button', { name: 'Retirer le message de Amina Diallo' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Retirer ce message ?' });
    await user.click(within(confirm).getByRole('button', { name: 'Retirer' }));
    await waitFor(() =>
      expect(within(post(12)).getByText(/^Message retiré par son auteur le /)).toBeInTheDocument(),
    );
    expect(changes(server)).toEqual([
      { request: 'DELETE /api/discussion-posts/12', body: undefined },
    ]);
  });

  it('reports another’s post with a reason', async () => {
    const { server, user } = await renderThread('student', learnerThread());
    await user.click(screen.getByRole('button', { name: 'Signaler le message de Claire Martin' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Signaler le message de Claire Martin',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Signaler' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ce champ est obligatoire.');
    expect(changes(server)).toEqual([]);
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Ce qui ne va pas' }),
      'Réponse fausse',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Signaler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes(server)).toEqual([
      { request: 'POST /api/discussion-posts/11/report', body: { reason: 'Réponse fausse' } },
    ]);
    expect(
      await screen.findByText('Message signalé. L’équipe pédagogique va le relire.'),
    ).toBeVisible();
  });

  it('follows the thread (a pressed toggle) and stops following it', async () => {
    const { server, user } = await renderThread('student', learnerThread());
    const follow = screen.getByRole('button', { name: 'Suivre' });
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    await user.click(follow);
    await waitFor(() => expect(follow).toHaveAttribute('aria-pressed', 'true'));
    await user.click(follow);
    await waitFor(() => expect(follow).toHaveAttribute('aria-pressed', 'false'));
    expect(changes(server)).toEqual([
      { request: 'PUT /api/discussions/1/subscription', body: { subscribed: true } },
      { request: 'PUT /api/discussions/1/subscription', body: { subscribed: false } },
    ]);
  });

  it('replies with a mention; the reply joins the thread, in view', async () => {
    const { server, user, router } = await renderThread('student', learnerThread());
    const composer = screen.getByRole('region', { name: 'Répondre' });
    act(() => within(composer).getByRole('textbox', { name: 'Votre réponse' }).focus());
    await user.keyboard('Et pour le tri rapide ?');
    await user.type(within(composer).getByRole('combobox', { name: 'Mentionner' }), 'cla');
    await user.click(await within(composer).findByRole('option', { name: /Claire Martin/ }));
    await user.click(within(composer).getByRole('button', { name: 'Publier la réponse' }));
    await waitFor(() => expect(changes(server)).toHaveLength(1));
    expect(changes(server)[0]).toEqual({
      request: 'POST /api/discussions/1/posts',
      body: { body: '<p>Et pour le tri rapide ?</p>', mentions: [12], attachment_ids: [] },
    });
    await waitFor(() => expect(post(20)).toHaveFocus());
    expect(post(20)).toHaveClass('is-target');
    expect(router.state.location.hash).toBe('#post-20');
    // The composer is empty again.
    expect(within(composer).getByRole('textbox', { name: 'Votre réponse' })).toHaveTextContent('');
    expect(within(composer).queryByRole('list', { name: 'Personnes mentionnées' })).toBeNull();
  });

  it('says why one may not reply', async () => {
    await renderThread('student', {
      ...learnerThread(),
      can: { reply: false, moderate: false, delete: false },
    });
    const composer = screen.getByRole('region', { name: 'Répondre' });
    expect(
      within(composer).getByText('Vous ne pouvez pas répondre à cette discussion.'),
    ).toBeVisible();
    expect(within(composer).queryByRole('textbox')).toBeNull();
  });

  it('scrolls to the post a notification leads to, focuses and highlights it', async () => {
    await renderThread('student', learnerThread(), '/discussions/1#post-12');
    await waitFor(() => expect(post(12)).toHaveFocus());
    expect(post(12)).toHaveClass('is-target');
    expect(post(12).scrollIntoView).toHaveBeenCalledWith({ block: 'start' });
    expect(post(11)).not.toHaveClass('is-target');
  });

  it('asks the thread again when an accepted answer’s notification arrives', async () => {
    const thread = learnerThread();
    const { server } = await renderThread(
      'student',
      {
        ...thread,
        answered: false,
        posts: thread.posts.map((item) => ({ ...item, accepted: false })),
      },
      '/discussions/1',
      true,
    );
    expect(screen.queryByRole('region', { name: 'Réponse acceptée' })).toBeNull();
    server.thread = thread;
    const [stream] = FakeEventSource.live();
    stream!.emit(
      'notification',
      aNotification(50, { type: 'answer_accepted', link: '/discussions/1#post-11' }),
    );
    expect(await screen.findByRole('region', { name: 'Réponse acceptée' })).toBeVisible();
  });

  it('says when the thread is gone', async () => {
    await signedInAs('student');
    mockFetch(() => jsonResponse(404, { message: 'Introuvable.' }));
    const router = createMemoryRouter(
      [{ path: '/discussions/:threadId', element: <DiscussionThreadPage /> }],
      { initialEntries: ['/discussions/99'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    expect(
      await screen.findByText('Cette discussion n’existe pas ou a été retirée.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Discussions' })).toHaveAttribute(
      'href',
      '/discussions',
    );
  });
});

describe('a thread, for staff', () => {
  it('offers accepting and removing replies, and accepts another answer', async () => {
    const { server, user } = await renderThread('teacher', staffThread());
    expect(screen.queryByRole('button', { name: /^Signaler/ })).toBeNull();
    expect(
      screen.getByRole('button', {
        name: 'Annuler l’acceptation du message de Claire Martin',
      }),
    ).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Retirer le message de Lucas Bernard' }),
    ).toBeVisible();
    // The opening post is not an answer.
    expect(within(post(10)).queryByRole('button', { name: /accepter comme réponse/i })).toBeNull();

    await user.click(
      screen.getByRole('button', { name: 'Accepter comme réponse le message de Amina Diallo' }),
    );
    await waitFor(() => expect(post(12)).toHaveClass('is-accepted'));
    expect(post(11)).not.toHaveClass('is-accepted');
    expect(changes(server)).toEqual([
      { request: 'PATCH /api/discussions/1', body: { accepted_post_id: 12 } },
    ]);
    const card = screen.getByRole('region', { name: 'Réponse acceptée' });
    expect(within(card).getByText('Merci, c’est plus clair.')).toBeInTheDocument();
    expect(await screen.findByText('Réponse acceptée.')).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: 'Annuler l’acceptation du message de Amina Diallo' }),
    );
    await waitFor(() => expect(post(12)).not.toHaveClass('is-accepted'));
    expect(changes(server).at(-1)).toEqual({
      request: 'PATCH /api/discussions/1',
      body: { accepted_post_id: null },
    });
    expect(screen.queryByRole('region', { name: 'Réponse acceptée' })).toBeNull();
  });

  it('reads a post’s reports and dismisses them', async () => {
    const { server, user } = await renderThread('teacher', staffThread());
    const reports = within(post(12)).getByRole('region', { name: '1 signalement' });
    expect(within(reports).getByText('Hors sujet')).toBeInTheDocument();
    expect(within(post(11)).queryByRole('region', { name: /signalement/ })).toBeNull();
    await user.click(
      within(reports).getByRole('button', {
        name: 'Ignorer les signalements du message de Amina Diallo',
      }),
    );
    await waitFor(() =>
      expect(within(post(12)).queryByRole('region', { name: /signalement/ })).toBeNull(),
    );
    expect(changes(server)).toEqual([
      { request: 'DELETE /api/discussion-posts/12/reports', body: undefined },
    ]);
  });

  it('marks the thread a question or not', async () => {
    const { server, user } = await renderThread('teacher', staffThread());
    const question = screen.getByRole('button', { name: 'Question' });
    expect(question).toHaveAttribute('aria-pressed', 'true');
    await user.click(question);
    await waitFor(() => expect(question).toHaveAttribute('aria-pressed', 'false'));
    expect(changes(server)).toEqual([
      { request: 'PATCH /api/discussions/1', body: { is_question: false } },
    ]);
  });

  it('removes the whole thread after a confirmation, then goes back to the list', async () => {
    const { server, user, router } = await renderThread('teacher', staffThread());
    await user.click(screen.getByRole('button', { name: 'Retirer la discussion' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Retirer toute la discussion ?',
    });
    expect(confirm).toHaveAccessibleDescription(
      '« Complexité du tri fusion » disparaît pour tous ses lecteurs, avec ses messages et ses notifications.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Retirer la discussion' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/discussions'));
    expect(changes(server)).toEqual([{ request: 'DELETE /api/discussions/1', body: undefined }]);
    expect(await screen.findByText('Discussion retirée.')).toBeInTheDocument();
  });
});

import type { Announcement, AnnouncementAudiences } from '@skolar/shared';

/**
 * An announcement `Annonce <id>` of Claire Martin to the L3 promotion, out `hoursAgo` hours ago
 * (2 by default), that the reader may not change unless `can` says so.
 */
export function anAnnouncement(
  id: number,
  overrides: Partial<Announcement> & { hoursAgo?: number } = {},
): Announcement {
  const { hoursAgo = 2, ...rest } = overrides;
  const at = new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
  return {
    id,
    title: `Annonce ${id}`,
    body: `<p>Texte de l’annonce ${id}.</p>`,
    audience: { kind: 'promotion', id: 3, label: 'L3 Informatique' },
    author: { id: 12, name: 'Claire Martin' },
    pinned: false,
    publish_at: at,
    published_at: at,
    edited_at: null,
    created_at: at,
    can: { update: false, delete: false },
    ...rest,
  };
}

/** Where the teacher of the tests may post: the institution, a promotion and a group. */
export const AUDIENCES: AnnouncementAudiences = {
  institution: true,
  promotions: [{ id: 3, label: 'L3 Informatique' }],
  groups: [{ id: 5, label: 'TP A' }],
};

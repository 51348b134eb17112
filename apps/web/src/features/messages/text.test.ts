import { describe, expect, it } from 'vitest';
import { conversationName, excerpt, messageTime, receiptsOf } from './text.ts';

const member = (name: string, last_read_message_id: number | null) => ({
  id: name.length,
  name,
  staff: false,
  last_read_message_id,
});

describe('conversationName', () => {
  it('is the title, else the other members’ names as the language lists them', () => {
    expect(conversationName({ title: 'Révisions', members: [member('Anna', 1)] }, 'fr')).toBe(
      'Révisions',
    );
    expect(conversationName({ title: null, members: [member('Anna', 1)] }, 'fr')).toBe('Anna');
    const three = [member('Anna', 1), member('Ben', 1), member('Chloé', 1)];
    expect(conversationName({ title: null, members: three }, 'fr')).toBe('Anna, Ben et Chloé');
    expect(conversationName({ title: null, members: three }, 'en')).toBe('Anna, Ben, and Chloé');
  });
});

describe('excerpt', () => {
  it('puts a message on one line and cuts it at a word', () => {
    expect(excerpt('  Salut !\n\nÇa va ?  ')).toBe('Salut ! Ça va ?');
    expect(excerpt('un deux trois quatre', 12)).toBe('un deux…');
    expect(excerpt('anticonstitutionnellement', 10)).toBe('anticonsti…');
  });
});

describe('messageTime', () => {
  const now = new Date(2026, 10, 23, 18, 0).getTime();
  it('is the time alone today, else the day and the time', () => {
    expect(messageTime(new Date(2026, 10, 23, 9, 5).toISOString(), 'fr', now)).toBe('09:05');
    expect(messageTime(new Date(2026, 10, 22, 9, 5).toISOString(), 'fr', now)).toBe(
      '22 nov. 2026, 09:05',
    );
  });
});

describe('receiptsOf', () => {
  const messages = [
    { id: 1, mine: true },
    { id: 2, mine: false },
    { id: 3, mine: true },
    { id: 5, mine: true },
  ];

  it('puts each member under the reader’s latest message they have read', () => {
    const receipts = receiptsOf(messages, [
      member('Anna', 4),
      member('Ben', 5),
      member('Chloé', 1),
      member('Dan', 9),
    ]);
    expect(Object.fromEntries(receipts)).toEqual({ 1: ['Chloé'], 3: ['Anna'], 5: ['Ben', 'Dan'] });
  });

  it('shows nobody who has read nothing, or none of the reader’s messages', () => {
    expect(receiptsOf(messages, [member('Anna', null), member('Ben', 0)]).size).toBe(0);
    expect(receiptsOf([{ id: 2, mine: false }], [member('Anna', 9)]).size).toBe(0);
  });
});

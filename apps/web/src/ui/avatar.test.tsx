import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar.tsx';
import femaleAvatar from './avatars/female.svg';
import maleAvatar from './avatars/male.svg';

const amina = { first_name: 'Amina', last_name: 'Diallo', gender: 'Mme' as const };

describe('Avatar', () => {
  it("shows the person's picture when they have one", () => {
    render(<Avatar person={{ ...amina, picture_link: '/api/files/9' }} size={64} alt="Amina" />);
    expect(screen.getByRole('img', { name: 'Amina' })).toHaveAttribute('src', '/api/files/9');
  });

  it.each([
    ['Mme', femaleAvatar],
    ['Mr', maleAvatar],
  ] as const)('shows the default avatar of the gender %s without a picture', (gender, file) => {
    render(<Avatar person={{ ...amina, gender, picture_link: null }} size={64} alt="Amina" />);
    expect(screen.getByRole('img', { name: 'Amina' })).toHaveAttribute('src', file);
    expect(femaleAvatar).not.toBe(maleAvatar);
  });

  it('falls back to the initials when the gender is not given', () => {
    render(<Avatar person={{ ...amina, gender: null }} size={32} alt="Amina" />);
    expect(screen.getByRole('img', { name: 'Amina' })).toHaveTextContent('AD');
    expect(document.querySelector('img')).toBeNull();
  });
});

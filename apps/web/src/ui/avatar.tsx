import { User } from 'lucide-react';
import femaleAvatar from './avatars/female.svg';
import maleAvatar from './avatars/male.svg';
import './avatar.css';

/** Without a picture, the default avatar of the gender (Mr male, Mme female; decision 90). */
const DEFAULTS = { Mr: maleAvatar, Mme: femaleAvatar } as const;

interface AvatarProps {
  person: {
    first_name: string;
    last_name: string;
    gender: 'Mr' | 'Mme' | null;
    picture_link?: string | null;
  };
  /** Width and height in pixels. */
  size: number;
  /** The accessible name; empty when the person's name is written beside it. */
  alt?: string;
}

/**
 * A person's picture, else the default avatar of their gender, else (gender not given) their
 * initials.
 */
export function Avatar({ person, size, alt = '' }: AvatarProps) {
  const src = person.picture_link || (person.gender ? DEFAULTS[person.gender] : null);
  const style = { width: size, height: size };
  if (src)
    return (
      <img
        className="avatar avatar--image"
        src={src}
        alt={alt}
        width={size}
        height={size}
        style={style}
      />
    );
  const initials = `${person.first_name.charAt(0)}${person.last_name.charAt(0)}`.toUpperCase();
  const content = initials || <User aria-hidden="true" size={Math.round(size / 2)} />;
  const look = { ...style, fontSize: Math.round(size * 0.4) };
  return alt ? (
    <span className="avatar" style={look} role="img" aria-label={alt}>
      {content}
    </span>
  ) : (
    <span className="avatar" style={look} aria-hidden="true">
      {content}
    </span>
  );
}

import type { CSSProperties } from 'react';
import './skeleton.css';

interface SkeletonProps {
  /** A CSS length (a number is pixels); a line of text spans its container's width by default. */
  width?: CSSProperties['width'];
  /** A CSS length; a line of text is as tall as a line of the text around it by default. */
  height?: CSSProperties['height'];
  /** `block` for a box (a cover, a button), `pill` for a badge, `circle` for a picture. */
  shape?: 'text' | 'block' | 'pill' | 'circle';
  className?: string;
}

/**
 * A grey shape standing where content that is still loading will be, at that content's size, so
 * the page does not move when it arrives. Hidden from assistive technologies: the region around it
 * carries `aria-busy` and says what it loads. It pulses unless the user asked for reduced motion.
 */
export function Skeleton({ width, height, shape = 'text', className }: SkeletonProps) {
  return (
    <span
      className={`skeleton skeleton--${shape}${className ? ` ${className}` : ''}`}
      style={{ width, height }}
      aria-hidden="true"
    />
  );
}

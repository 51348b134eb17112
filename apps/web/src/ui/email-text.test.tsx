import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText } from './email-text.tsx';

/** The address with a '|' where the line may break. */
function breakPoints(email: string) {
  const { container } = render(<EmailText email={email} />);
  const text = container.textContent;
  for (const wbr of container.querySelectorAll('wbr')) wbr.replaceWith('|');
  return { text, marked: container.textContent };
}

describe('EmailText', () => {
  it('reads as the whole address, breaking only after the @ and before each dot', () => {
    expect(breakPoints('gabriel.chevalier@uni.skolar.test')).toEqual({
      text: 'gabriel.chevalier@uni.skolar.test',
      marked: 'gabriel|.chevalier@|uni|.skolar|.test',
    });
  });

  it('leaves an address without dots whole but for its @', () => {
    expect(breakPoints('admin@localhost').marked).toBe('admin@|localhost');
  });
});

import { COUNTRIES } from '@skolar/shared/rules/countries';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Flag } from './flag.tsx';

describe('Flag', () => {
  it('draws every country of the phone list as an SVG image, none as an empty box', () => {
    for (const { code } of COUNTRIES) {
      const { container, unmount } = render(<Flag code={code} />);
      expect(container.querySelector('img')?.getAttribute('src'), code).toMatch(
        new RegExp(`/${code.toUpperCase()}\\.svg`),
      );
      unmount();
    }
  });

  it('keeps the place of a flag it does not have', () => {
    const { container } = render(<Flag code="zz" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.flag--none')).not.toBeNull();
  });
});

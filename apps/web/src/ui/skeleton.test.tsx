import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton } from './skeleton.tsx';

describe('Skeleton', () => {
  it('is a line of text by default, hidden from assistive technologies', () => {
    const { container } = render(<Skeleton />);
    const shape = container.firstElementChild;
    expect(shape).toHaveAttribute('aria-hidden', 'true');
    expect(shape).toHaveClass('skeleton', 'skeleton--text');
    expect(shape).toBeEmptyDOMElement();
  });

  it('takes the size and the shape of what it stands for', () => {
    const { container } = render(
      <Skeleton shape="circle" width={32} height={32} className="badge-place" />,
    );
    const shape = container.firstElementChild;
    expect(shape).toHaveClass('skeleton', 'skeleton--circle', 'badge-place');
    expect(shape).toHaveStyle({ width: '32px', height: '32px' });
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhoneLink } from './phone-link.tsx';

describe('PhoneLink', () => {
  it('shows a stored phone as people write it, and dials it', () => {
    render(<PhoneLink value="fr0635904844" />);
    expect(screen.getByRole('link', { name: '+33 6 35 90 48 44' })).toHaveAttribute(
      'href',
      'tel:+33635904844',
    );
  });

  it('dials a North American territory with its area code', () => {
    render(<PhoneLink value="as6331234" />);
    expect(screen.getByRole('link', { name: '+1-684 633 1234' })).toHaveAttribute(
      'href',
      'tel:+16846331234',
    );
  });

  it('shows a dash without a phone and an unknown country code as stored', () => {
    const { container, rerender } = render(<PhoneLink value={null} />);
    expect(container).toHaveTextContent('—');
    rerender(<PhoneLink value="zz0612345678" />);
    expect(container).toHaveTextContent('zz0612345678');
    expect(screen.queryByRole('link')).toBeNull();
  });
});

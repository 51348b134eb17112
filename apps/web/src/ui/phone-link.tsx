import { formatPhone } from '@skolar/shared/rules/phone';

/**
 * A stored phone as people write it ('+33 6 35 90 48 44'), a link that dials it; '—' without a
 * phone, and the value as stored when its country code is unknown.
 */
export function PhoneLink({ value }: { value: string | null | undefined }) {
  if (!value) return <>—</>;
  const shown = formatPhone(value);
  if (!shown) return <>{value}</>;
  return <a href={`tel:${shown.replace(/[\s-]/g, '')}`}>{shown}</a>;
}

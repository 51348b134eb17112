/**
 * A promotion as one line: its name, then its academic year and level unless the name already
 * says them ("Licence Informatique L3 2026-2027", not "… 2026-2027 · 2026-2027 · L3").
 */
export function promotionLabel(
  promotion: { name: string; academic_year: string; level?: string | null },
  separator = ' · ',
): string {
  const parts = [promotion.name];
  for (const extra of [promotion.academic_year, promotion.level]) {
    if (extra && !promotion.name.includes(extra)) parts.push(extra);
  }
  return parts.join(separator);
}

import { z } from 'zod';

/** A row id as it is written in a URL: decimal digits, no sign, no leading zero, at most 15. */
const ID_TEXT = /^[1-9][0-9]{0,14}$/;

/**
 * A row id read from a path or a query string (issue 28): only its decimal digits, so `0x1`, ` 1`,
 * `1e3` or `01` are refused instead of read as 1, 1, 1000 and 1 by `Number`.
 */
export const idText = z.string().regex(ID_TEXT, { error: 'validation.id' }).transform(Number);

/** An optional id filter of a query string (`?promotion_id=`). */
export const optionalIdText = idText.optional();

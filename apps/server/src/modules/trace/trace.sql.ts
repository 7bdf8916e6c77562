import { type SQL, sql } from 'drizzle-orm';

/**
 * Lists of trace codes (or other comma-free values) as one SQL parameter: `string_to_array($1, ',')`, a text[] the
 * database splits. A shipment carries up to 10 000 codes; as `inArray` or multi-row VALUES each code is a parameter
 * of its own, and building and sending 10 000 parameters cost more than the query (docs/performance.md,
 * "Traceability"). `code = any(textList(codes))` still uses the index. Codes are base32 (no comma); a comma would
 * split one value into two, so a value holding one is refused here rather than matched in pieces.
 */
export function textList(values: readonly (string | number)[]): SQL {
  // string_to_array('', ',') is an empty array, so a list of one empty value could not be told from no list.
  if (values.length === 0) return sql`array[]::text[]`;
  const joined = values.join(',');
  if (joined.split(',').length !== values.length) throw new Error('textList: a value holds a comma');
  return sql`string_to_array(${joined}, ',')`;
}

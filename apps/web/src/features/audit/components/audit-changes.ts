/** One field of an audited record, before and after the action. */
export type FieldChange = {
  field: string;
  before: string | undefined;
  after: string | undefined;
  changed: boolean;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored value as a person reads it: text as it is, anything else as compact JSON. */
function shown(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * The fields of an audit entry side by side: every field either side holds, in the order they
 * first appear (before's, then after's own), each marked changed when the two differ. A value
 * that is not an object (a number, a list) is one field named "value". `show` writes each value
 * (the screen's: money and names).
 */
export function fieldChanges(
  before: unknown,
  after: unknown,
  show: (field: string, value: unknown) => string | undefined = (_field, value) => shown(value),
): FieldChange[] {
  const wrap = (value: unknown) =>
    value === null || value === undefined ? {} : isRecord(value) ? value : { value };
  const from = wrap(before);
  const to = wrap(after);
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields.map((field) => {
    const was = show(field, from[field]);
    const is = show(field, to[field]);
    return { field, before: was, after: is, changed: was !== is };
  });
}

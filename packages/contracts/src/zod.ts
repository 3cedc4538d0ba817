import { z } from 'zod';
import { messages } from './messages';

/**
 * zod with our wording for missing and mistyped fields. Every contract imports z from here, so the
 * server's error details and the web's form errors read the same.
 */
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type') {
      return issue.input === undefined || issue.input === null
        ? 'This field is required'
        : `Expected ${issue.expected}, received ${describeInput(issue.input)}`;
    }
    // One issue lists every unknown key; the server gives each its own detail with this text.
    if (issue.code === 'unrecognized_keys') return messages.unknownField;
    // zod's own text for a value no member of a union takes is a bare "Invalid input" (a form's
    // price sent as an object, a flag sent twice in a query string): say what was expected.
    // A discriminated union's refusal carries no member errors: it keeps zod's text, which
    // lists the options.
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      if (issue.input === undefined || issue.input === null) return 'This field is required';
      return unionMessage(issue.errors, issue.input);
    }
    return undefined;
  },
});

type Issue = z.core.$ZodIssue;
const refusesType = (issue: Issue) =>
  issue.code === 'invalid_type' || issue.code === 'invalid_value';

/**
 * Of the members of a union, the one that took the value's type and then refused the value says
 * best what is wrong (an empty price: "Price is required"). Else every member refused the type:
 * name what they expected, types (`number`) and values (`"true"`), each once.
 */
function unionMessage(members: readonly (readonly Issue[])[], input: unknown): string | undefined {
  const firsts = members.flatMap(([first]) => (first && first.path.length === 0 ? [first] : []));
  const refusal = firsts.find((first) => !refusesType(first));
  if (refusal) return refusal.message;
  const expected = new Set(
    firsts.flatMap((first) => {
      if (first.code === 'invalid_type') return [first.expected];
      if (first.code === 'invalid_value') return first.values.map((value) => JSON.stringify(value));
      return [];
    }),
  );
  // No member refused the value itself (a union of objects, each refusing a field inside it):
  // zod's own text, rather than a nested field's message at the union's path.
  if (expected.size === 0) return undefined;
  return `Expected ${joinAlternatives([...expected])}, received ${describeInput(input)}`;
}

function joinAlternatives(alternatives: string[]): string {
  return alternatives.length === 1
    ? alternatives[0]!
    : `${alternatives.slice(0, -1).join(', ')} or ${alternatives.at(-1)!}`;
}

function describeInput(input: unknown): string {
  if (Array.isArray(input)) return 'an array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'something that is not a number';
  if (typeof input === 'object') return 'an object';
  return typeof input === 'string' ? 'text' : typeof input;
}

export { z };

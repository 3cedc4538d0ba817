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
    return undefined;
  },
});

function describeInput(input: unknown): string {
  if (Array.isArray(input)) return 'an array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'something that is not a number';
  if (typeof input === 'object') return 'an object';
  return typeof input === 'string' ? 'text' : typeof input;
}

export { z };

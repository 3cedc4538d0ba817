/**
 * Hostile inputs derived from the app's OpenAPI document, for the bad-input sweep
 * (bad-input-sweep.test.ts): every documented route, its path parameters, query parameters,
 * headers and body fields, and a small fixed set of wrong values for each. Deterministic: the same document
 * gives the same inputs in the same order on every run.
 */

/** The subset of JSON Schema that fastify-type-provider-zod writes into the document. */
export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  /** A literal: the discriminator of one variant of a union (`mode: 'percent'`). */
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  nullable?: boolean;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As documented, with `{name}` placeholders. */
  path: string;
  pathParams: string[];
  queryParams: { name: string; required: boolean; schema: JsonSchema }[];
  headerParams: { name: string; required: boolean }[];
  body?: { multipart: boolean; schema: JsonSchema };
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** Every documented /api operation, in the document's order. */
export function documentedOperations(doc: {
  paths: Record<string, Record<string, OpenApiOperation>>;
}): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const [contentType, content] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!),
        queryParams: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema })),
        headerParams: parameters
          .filter((p) => p.in === 'header')
          .map((p) => ({ name: p.name, required: p.required ?? false })),
        ...(content
          ? {
              body: {
                // The avatar upload is documented as JSON although it takes a file like the others.
                multipart: contentType === 'multipart/form-data' || hasBinaryField(content.schema),
                schema: content.schema,
              },
            }
          : {}),
      };
    }),
  );
}

const hasBinaryField = (schema: JsonSchema) =>
  Object.values(schema.properties ?? {}).some((field) => field.format === 'binary');

export const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
const LONG = 'x'.repeat(5000);

/** What replaces a path parameter: not a UUID, a UUID of nothing, far too long, a NUL. */
export const HOSTILE_PATH_VALUES: readonly [string, string][] = [
  ['not a UUID', 'x'],
  ['an unknown UUID', NO_SUCH_ID],
  ['5000 characters', LONG],
  ['a NUL', '%00'],
];

/** The generic list abuses, sent to every route that documents a query string. */
const GENERIC_QUERIES = ['page=-1', 'page=abc', 'limit=99999', 'sort=unknown', 'page=1&page=2'];

/** What each documented query parameter gets in turn (URL-encoded), by its type. */
const QUERY_VALUES_FOR_NUMBERS = ['-1', 'abc', '99999', '0.001', ''];
const QUERY_VALUES_FOR_TEXT = [
  'abc',
  '',
  LONG,
  '%00',
  '%E2%80%AE%F0%9F%98%80', // U+202E (right-to-left override) and an emoji
];

/**
 * What each documented header gets in turn. Fewer than a query's: Node refuses to send a header
 * with a NUL or a character above U+00FF, so no server ever sees one.
 */
export const HOSTILE_HEADER_VALUES: readonly [string, string][] = [
  ['empty', ''],
  ['5000 characters', LONG],
  ['a list', 'a, b'],
];

/**
 * The required query parameters (`name=value` each), sent with every call: the value in `values`,
 * else a sample.
 */
export function requiredQuery(operation: Operation, values: Record<string, string> = {}): string[] {
  return operation.queryParams
    .filter((p) => p.required)
    .map((p) => `${p.name}=${encodeURIComponent(values[p.name] ?? String(sample(p.schema)))}`);
}

/** Query strings (without `?`) with one abuse each. */
export function hostileQueries(
  operation: Operation,
  values: Record<string, string> = {},
): string[] {
  if (operation.queryParams.length === 0) return [];
  // A required parameter stays present (with a valid value) while another one is abused.
  const required = requiredQuery(operation, values);
  const withRequired = (query: string, name?: string) =>
    [...required.filter((r) => !r.startsWith(`${name}=`)), query].join('&');
  return [
    ...GENERIC_QUERIES.map((query) => withRequired(query)),
    ...operation.queryParams.flatMap(({ name, schema }) => {
      const types = typesOf(schema);
      const numeric = types.has('number') || types.has('integer');
      return [
        withRequired(`${name}=a&${name}=b`, name), // an array where a scalar is expected
        ...(numeric ? QUERY_VALUES_FOR_NUMBERS : QUERY_VALUES_FOR_TEXT).map((value) =>
          withRequired(`${name}=${value}`, name),
        ),
      ];
    }),
  ];
}

/** Wrong for any field: the wrong type (null, a nested object, an array). */
const WRONG_TYPES: readonly [string, unknown][] = [
  ['null', null],
  ['a nested object', { nested: { deep: 1 } }],
  ['an array', [1, 'two']],
];

/** For a text field: a number, far too long, a NUL, direction controls and characters outside the BMP. */
const FOR_TEXT: readonly [string, unknown][] = [
  ['a number', 42],
  ['5000 characters', LONG],
  ['a NUL', 'a\u0000b'],
  ['a right-to-left override, Arabic and an emoji', '\u202Eمرحبا 😀'],
];

/** For a number field: NaN spelt out (a string), out of range, negative, below a cent. */
const FOR_NUMBERS: readonly [string, unknown][] = [
  ['"NaN"', 'NaN'],
  ['1e308', 1e308],
  ['-1', -1],
  ['0.001', 0.001],
];

/**
 * The hostile values for a field of `schema`, by the types it takes (a form's price takes text
 * and numbers: both sets). Booleans are left out on purpose: `true` is a valid value for many
 * flags (maintenance mode, admin two-factor) and would break the sweep.
 */
export function hostileValuesFor(schema: JsonSchema): readonly [string, unknown][] {
  const types = typesOf(schema);
  const text = types.has('string');
  const numbers = types.has('number') || types.has('integer');
  return [
    ...WRONG_TYPES,
    ...(text ? FOR_TEXT : []),
    ...(numbers ? FOR_NUMBERS : []),
    // Flags, enums, objects and arrays: a number and a string instead.
    ...(text || numbers ? [] : [FOR_TEXT[0]!, FOR_NUMBERS[0]!]),
  ];
}

/** The JSON types a schema takes; an enum's members count as values, not as free text. */
function typesOf(schema: JsonSchema): Set<string> {
  if (schema.enum) return new Set(['enum']);
  const members = schema.oneOf ?? schema.anyOf;
  if (members) return new Set(members.flatMap((member) => [...typesOf(member)]));
  return new Set(schema.type ? [schema.type] : []);
}

/** A body with one abuse each: a label and the body. */
export interface HostileBody {
  label: string;
  body: unknown;
}

/**
 * Bodies derived from `baseline` (a valid body, or as near as a sample gets): the empty object,
 * an array, then every field of the schema, nested ones included, set to each hostile value for
 * its type.
 */
export function hostileBodies(schema: JsonSchema, baseline: unknown): HostileBody[] {
  return [
    { label: '{}', body: {} },
    { label: 'an array body', body: [baseline] },
    ...fieldsOf(schema).flatMap(({ path, field }) =>
      hostileValuesFor(field).map(([label, value]) => ({
        label: `${path.join('.')} = ${label}`,
        body: withValueAt(baseline, path, value),
      })),
    ),
  ];
}

type FieldPath = (string | number)[];

/** Every field with its path, depth first; array items are reached through index 0. */
export function fieldsOf(
  schema: JsonSchema,
  prefix: FieldPath = [],
): { path: FieldPath; field: JsonSchema }[] {
  // Of a union of objects (the two answers of PATCH /orders/{id}/respond), every variant's fields.
  const variants = schema.oneOf ?? schema.anyOf?.filter((s) => s.type !== 'null') ?? [schema];
  const fields = variants.flatMap((variant) => {
    if (variant.type === 'object' && variant.properties) {
      return Object.entries(variant.properties).flatMap(([name, field]) => {
        if (field.format === 'binary') return []; // files: the multipart sweep sends a real one
        const path = [...prefix, name];
        return [{ path, field }, ...fieldsOf(field, path)];
      });
    }
    if (variant.type === 'array' && variant.items) return fieldsOf(variant.items, [...prefix, 0]);
    return [];
  });
  const seen = new Set<string>();
  return fields.filter(({ path }) => !seen.has(path.join('.')) && seen.add(path.join('.')));
}

export function withValueAt(value: unknown, path: FieldPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const items = Array.isArray(value) ? [...(value as unknown[])] : [];
    items[head] = withValueAt(items[head], rest, replacement);
    return items;
  }
  const object = value && typeof value === 'object' ? { ...value } : {};
  return {
    ...object,
    [head!]: withValueAt((object as Record<string, unknown>)[head!], rest, replacement),
  };
}

/**
 * A value the schema accepts as far as JSON Schema can say (refinements are zod's own): the first
 * enum member, a UUID from `ids` by field name, a string of the allowed length, the minimum, and
 * for objects their required fields only.
 */
export function sample(schema: JsonSchema, name = '', ids: Record<string, string> = {}): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const variants = schema.oneOf ?? schema.anyOf?.filter((s) => s.type !== 'null');
  // A price is a number or a numeric string (a form field): the number is the valid sample.
  if (variants) return sample(variants.find((s) => s.type !== 'string') ?? variants[0]!, name, ids);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? [])
          // Files are not JSON values: the multipart request adds a real one.
          .filter((field) => schema.properties?.[field]?.format !== 'binary')
          .map((field) => [field, sample(schema.properties?.[field] ?? {}, field, ids)]),
      );
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () =>
        sample(schema.items ?? {}, name.replace(/s$/, ''), ids),
      );
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Infinity);
    case 'boolean':
      return false;
    case 'string':
      return sampleString(schema, name, ids);
    case 'null':
      return null;
    case undefined: // a schema that says nothing of the value
      return 'sample';
  }
}

/**
 * A sample of `schema` in which the field at `path` belongs: of a union of objects, the first
 * variant that has the path's top field (a percentage's `change` is not a row body's field).
 */
export function sampleHolding(schema: JsonSchema, path: FieldPath): unknown {
  const [top] = path;
  const variants = schema.oneOf ?? schema.anyOf;
  const holder = variants?.find(
    (v) => typeof top === 'string' && v.properties?.[top] !== undefined,
  );
  return sample(holder ?? schema);
}

const FORMAT_SAMPLES: Record<string, string> = {
  email: 'sweep@example.test',
  uri: 'https://example.com/sweep',
  date: '2030-01-01',
  'date-time': '2030-01-01T00:00:00Z',
};

function sampleString(schema: JsonSchema, name: string, ids: Record<string, string>): string {
  if (schema.format === 'uuid') return ids[name] ?? NO_SUCH_ID;
  const formatted = schema.format === undefined ? undefined : FORMAT_SAMPLES[schema.format];
  if (formatted !== undefined) return formatted;
  const text = 'Sweep sample text';
  const length = Math.min(Math.max(schema.minLength ?? 1, text.length), schema.maxLength ?? 1000);
  return text.padEnd(length, '.').slice(0, length);
}

/** A path with its parameters filled from `values` (a UUID of nothing for any other). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? NO_SUCH_ID);
}

/** A multipart field's text for a hostile or sample value, as a form would send it. */
export function asFormText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A number input's value for a nullable contract field: an empty field is null (no limit). */
export const numberOrNull = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

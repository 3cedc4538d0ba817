import { describe, expect, it } from 'vitest';
import { productFieldsSchema } from './catalogue';
import { respondOrderSchema } from './orders';
import { z } from './zod';

const messagesOf = (result: { error?: z.ZodError }) =>
  Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);

const product = {
  name: 'Steam 20',
  categoryId: '00000000-0000-4000-8000-000000000000',
  deliveryType: 'instant',
  initialPrice: 5,
  managerPrice: 8,
  resellerPrice: 10,
};

// The bad-input sweep (apps/server/test/bad-input-sweep.test.ts) found these answered "Invalid input".
describe('a value no member of a union takes', () => {
  it('is required when missing, not "Invalid input"', () => {
    const { initialPrice: _, ...withoutPrice } = product;
    expect(messagesOf(productFieldsSchema.safeParse(withoutPrice))).toEqual({
      initialPrice: 'This field is required',
    });
  });

  it('names what the members expected and what was received', () => {
    const result = productFieldsSchema.safeParse({
      ...product,
      initialPrice: { amount: 5 },
      isNew: 42,
      subcategoryId: 7,
    });
    expect(messagesOf(result)).toEqual({
      initialPrice: 'Expected string or number, received an object',
      isNew: 'Expected boolean, "true" or "false", received number',
      subcategoryId: 'Expected string, "" or null, received number',
    });
    const flag = z.union([z.boolean(), z.enum(['true', 'false'])]);
    expect(messagesOf(flag.safeParse(['true', 'false']))).toEqual({
      '': 'Expected boolean, "true" or "false", received an array',
    });
  });

  it('gives the words of the member that took the type and refused the value', () => {
    expect(messagesOf(productFieldsSchema.safeParse({ ...product, managerPrice: ' ' }))).toEqual({
      managerPrice: 'Price is required',
    });
  });

  it('says what text a form field should hold, since a form sends text', () => {
    const result = productFieldsSchema.safeParse({
      ...product,
      initialPrice: 'abc',
      stockQuantity: '',
      lowStockThreshold: 'abc',
    });
    expect(messagesOf(result)).toEqual({
      initialPrice: 'Amount must be a number',
      stockQuantity: 'Stock must be a whole number',
      lowStockThreshold: 'Low-stock threshold must be a whole number',
    });
  });

  it('keeps zod words for a union of objects, not a nested field at the union', () => {
    const either = z.union([z.strictObject({ url: z.string() }), z.strictObject({ id: z.uuid() })]);
    expect(messagesOf(either.safeParse({ url: 5 }))).toEqual({ '': 'Invalid input' });
  });

  it("leaves a discriminated union's list of options as zod words it", () => {
    expect(messagesOf(respondOrderSchema.safeParse({ status: 'done' }))).toEqual({
      status: "Invalid discriminator value. Expected 'completed' | 'rejected'",
    });
  });
});

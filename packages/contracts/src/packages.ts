import { z } from './zod';
import { messages } from './messages';
import { nonNegativeUsdAmount } from './money';
import { paginated } from './pagination';
import { rejectRepeatedProducts } from './catalogue';
import { freeText, nameText } from './text';

const packageName = nameText()
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name cannot exceed 100 characters');
const packageDescription = freeText().trim().max(1000).default('');

export const packageProductInputSchema = z.strictObject({
  productId: z.uuid(),
  managerPrice: nonNegativeUsdAmount,
  resellerPrice: nonNegativeUsdAmount,
});

export const packageInputSchema = z.strictObject({
  name: packageName,
  description: packageDescription,
  products: z
    .array(packageProductInputSchema)
    .max(10_000)
    .superRefine(rejectRepeatedProducts)
    .default([]),
});
export type PackageInput = z.input<typeof packageInputSchema>;

export const packageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  products: z.array(
    z.object({
      productId: z.uuid(),
      productName: z.string(),
      managerPrice: z.number(),
      resellerPrice: z.number(),
    }),
  ),
  assignedUsers: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type Package = z.infer<typeof packageSchema>;

export const packagePriceSchema = z.strictObject({
  managerPrice: nonNegativeUsdAmount,
  resellerPrice: nonNegativeUsdAmount,
});

/** Who a package is assigned to: the `{userId}` of `POST …/assign/{userId}`. */
export const packageAssigneeParamsSchema = z.object({ userId: z.uuid(messages.userNotFound) });
/** `packageId: null` removes the assignment. */
export const assignPackageSchema = z.strictObject({ packageId: z.uuid().nullable() });
/** The answer to an assignment: who holds which package now. */
export const packageAssignmentSchema = z.object({
  userId: z.uuid(),
  packageId: z.uuid().nullable(),
});
export const packageListSchema = paginated(packageSchema);

export const managerPackageProductInputSchema = z.strictObject({
  productId: z.uuid(),
  resellerPrice: nonNegativeUsdAmount,
});

export const managerPackageInputSchema = z.strictObject({
  name: packageName,
  description: packageDescription,
  products: z
    .array(managerPackageProductInputSchema)
    .max(10_000)
    .superRefine(rejectRepeatedProducts)
    .default([]),
});
export type ManagerPackageInput = z.input<typeof managerPackageInputSchema>;

export const managerPackageSchema = z.object({
  id: z.uuid(),
  ownerId: z.uuid(),
  name: z.string(),
  description: z.string(),
  products: z.array(
    z.object({ productId: z.uuid(), productName: z.string(), resellerPrice: z.number() }),
  ),
  assignedUsers: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type ManagerPackage = z.infer<typeof managerPackageSchema>;

export const managerPackagePriceSchema = z.strictObject({ resellerPrice: nonNegativeUsdAmount });
export const managerPackageListSchema = paginated(managerPackageSchema);

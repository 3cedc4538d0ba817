import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { okResponseSchema } from '@keymarket/contracts/auth';
import {
  managerPackageListSchema,
  managerPackageSchema,
  packageAssignmentSchema,
  packageListSchema,
  packageSchema,
  type packageInputSchema,
} from '@keymarket/contracts/packages';
import { apiClient } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

/**
 * The admin's packages (manager and reseller prices) and a manager's own packages (reseller
 * prices) answer the same calls under two paths, so one set of hooks serves both screens.
 */
export type PackageKind = 'admin' | 'manager';

const basePaths: Record<PackageKind, string> = {
  admin: '/packages',
  manager: '/manager-packages/manager',
};
const assignPaths: Record<PackageKind, string> = {
  admin: '/packages/assign',
  manager: '/manager-packages/manager/assign',
};
const schemas = {
  admin: { item: packageSchema, list: packageListSchema },
  manager: { item: managerPackageSchema, list: managerPackageListSchema },
} as const;

/** What both kinds have: a manager package's products simply carry no manager price. */
export type PackagePrices = { managerPrice?: number; resellerPrice: number };
export type PackageProduct = { productId: string; productName: string } & PackagePrices;
export type PackageView = {
  id: string;
  name: string;
  description: string;
  products: PackageProduct[];
  assignedUsers: number;
  createdAt: string;
};
export type PackageList = {
  data: PackageView[];
  pagination: { total: number; totalPages: number };
};

/** The body of a create or a replace (PUT replaces the whole product list). */
export type PackageInput = Omit<z.input<typeof packageInputSchema>, 'products'> & {
  products: ({ productId: string } & PackagePrices)[];
};

export const packagesQueryKey = (kind: PackageKind) => ['packages', kind] as const;

const itemPath = (kind: PackageKind, id: string) => `${basePaths[kind]}/${encodeURIComponent(id)}`;

export function getPackages(
  kind: PackageKind,
  page: number,
  signal?: AbortSignal,
): Promise<PackageList> {
  return apiClient.get(basePaths[kind], schemas[kind].list, { query: { page }, signal });
}

export function usePackages(kind: PackageKind, page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...packagesQueryKey(kind), { page }],
      queryFn: ({ signal }) => getPackages(kind, page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** A manager's package holds reseller prices only; its body leaves the manager price out. */
function bodyOf(kind: PackageKind, input: PackageInput) {
  if (kind === 'admin') return input;
  return {
    ...input,
    products: input.products.map(({ productId, resellerPrice }) => ({ productId, resellerPrice })),
  };
}

export type SavePackageRequest = { id?: string; input: PackageInput };

/** Creates a package, or replaces one when `id` is given. */
export function savePackage(
  kind: PackageKind,
  { id, input }: SavePackageRequest,
): Promise<PackageView> {
  const body = bodyOf(kind, input);
  return id
    ? apiClient.put(itemPath(kind, id), schemas[kind].item, body)
    : apiClient.post(basePaths[kind], schemas[kind].item, body);
}

// The users screens list packages to assign and name each user's package: they refresh too.
const refreshPackages = (kind: PackageKind) => () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: packagesQueryKey(kind) }),
    queryClient.invalidateQueries({ queryKey: ['users'] }),
  ]);

export function useSavePackage(kind: PackageKind) {
  return useMutation({
    mutationFn: (request: SavePackageRequest) => savePackage(kind, request),
    onSuccess: refreshPackages(kind),
  });
}

export function useDeletePackage(kind: PackageKind) {
  return useMutation({
    mutationFn: (id: string) => apiClient.delete(itemPath(kind, id), okResponseSchema),
    onSuccess: refreshPackages(kind),
  });
}

export type ProductPriceRequest = { packageId: string; productId: string; prices: PackagePrices };

export function setPackageProductPrice(
  kind: PackageKind,
  { packageId, productId, prices }: ProductPriceRequest,
): Promise<PackageView> {
  const body = kind === 'admin' ? prices : { resellerPrice: prices.resellerPrice };
  return apiClient.patch(
    `${itemPath(kind, packageId)}/products/${encodeURIComponent(productId)}/price`,
    schemas[kind].item,
    body,
  );
}

export function useSetPackageProductPrice(kind: PackageKind) {
  return useMutation({
    mutationFn: (request: ProductPriceRequest) => setPackageProductPrice(kind, request),
    onSuccess: refreshPackages(kind),
  });
}

export type AssignPackageRequest = { userId: string; packageId: string };

export function useAssignPackage(kind: PackageKind) {
  return useMutation({
    mutationFn: ({ userId, packageId }: AssignPackageRequest) =>
      apiClient.post(
        `${assignPaths[kind]}/${encodeURIComponent(userId)}`,
        packageAssignmentSchema,
        { packageId },
      ),
    onSuccess: refreshPackages(kind),
  });
}

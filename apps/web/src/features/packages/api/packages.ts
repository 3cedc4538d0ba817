import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { okResponseSchema } from '@keymarket/contracts/auth';
import {
  managerPackageListSchema,
  type managerPackageProductInputSchema,
  managerPackageSchema,
  packageListSchema,
  packageSchema,
  type Package,
  type packageInputSchema,
  type packageProductInputSchema,
} from '@keymarket/contracts/packages';
import { apiClient } from '@/lib/api-client';
import { useRefreshPackages, type PackageKind } from '@/entities/packages/api/assign-package';
import { queryKeys } from '@/lib/query-keys';

// The admin's packages (manager and reseller prices) and a manager's own packages (reseller
// prices) answer the same calls under two paths, so one set of hooks serves both screens.
const basePaths: Record<PackageKind, string> = {
  admin: '/packages',
  manager: '/manager-packages/manager',
};
const schemas = {
  admin: { item: packageSchema, list: packageListSchema },
  manager: { item: managerPackageSchema, list: managerPackageListSchema },
} as const;

// Both kinds from the contracts: an admin's package prices each product for managers and
// resellers, a manager's for resellers only, so the screens read the manager price as optional.
type AdminProduct = Package['products'][number];
type ProductInput = z.input<typeof managerPackageProductInputSchema> &
  Partial<Pick<z.input<typeof packageProductInputSchema>, 'managerPrice'>>;

export type PackagePrices = Omit<ProductInput, 'productId'>;
export type PackageProduct = Omit<AdminProduct, 'managerPrice'> &
  Partial<Pick<AdminProduct, 'managerPrice'>>;
/** A package of either kind (`Package` or `ManagerPackage`), as the screens show it. */
export type PackageView = Omit<Package, 'products'> & { products: PackageProduct[] };
/** The body of a create or a replace (PUT replaces the whole product list). */
export type PackageInput = Omit<z.input<typeof packageInputSchema>, 'products'> & {
  products: ProductInput[];
};

const itemPath = (kind: PackageKind, id: string) => `${basePaths[kind]}/${encodeURIComponent(id)}`;

export function getPackages(
  kind: PackageKind,
  page: number,
  signal?: AbortSignal,
): Promise<Omit<z.infer<typeof packageListSchema>, 'data'> & { data: PackageView[] }> {
  return apiClient.get(basePaths[kind], schemas[kind].list, { query: { page }, signal });
}

export function usePackages(kind: PackageKind, page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.packages(kind), { page }],
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

export function useSavePackage(kind: PackageKind) {
  const refresh = useRefreshPackages(kind);
  return useMutation({
    mutationFn: (request: SavePackageRequest) => savePackage(kind, request),
    onSuccess: refresh,
  });
}

export function useDeletePackage(kind: PackageKind) {
  const refresh = useRefreshPackages(kind);
  return useMutation({
    mutationFn: (id: string) => apiClient.delete(itemPath(kind, id), okResponseSchema),
    onSuccess: refresh,
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
  const refresh = useRefreshPackages(kind);
  return useMutation({
    mutationFn: (request: ProductPriceRequest) => setPackageProductPrice(kind, request),
    onSuccess: refresh,
  });
}

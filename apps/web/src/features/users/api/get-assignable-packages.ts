import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_LIMIT } from '@keymarket/contracts/pagination';
import {
  managerPackageListSchema,
  packageListSchema,
  type ManagerPackage,
  type Package,
} from '@keymarket/contracts/packages';
import { apiClient } from '@/lib/api-client';
import type { PackageKind } from '@/entities/packages/api/assign-package';
import { queryKeys } from '@/lib/query-keys';

/** A package to pick: an admin's (`Package`) or a manager's own (`ManagerPackage`). */
export type AssignablePackage = Package | ManagerPackage;

// The dialog offers one list to choose from: the largest page the API serves is plenty.
const firstPage = { page: 1, limit: MAX_LIMIT };

export async function getAssignablePackages(
  kind: PackageKind,
  signal?: AbortSignal,
): Promise<AssignablePackage[]> {
  const list =
    kind === 'admin'
      ? await apiClient.get('/packages', packageListSchema, { query: firstPage, signal })
      : await apiClient.get('/manager-packages/manager', managerPackageListSchema, {
          query: firstPage,
          signal,
        });
  return list.data;
}

export const assignablePackagesQueryOptions = (kind: PackageKind) =>
  queryOptions({
    queryKey: [...queryKeys.users, 'assignable-packages', kind],
    queryFn: ({ signal }) => getAssignablePackages(kind, signal),
  });

export function useAssignablePackages(kind: PackageKind) {
  return useQuery(assignablePackagesQueryOptions(kind));
}

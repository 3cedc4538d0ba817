import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { packageAssignmentSchema, type assignPackageSchema } from '@keymarket/contracts/packages';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * Admins assign the platform's packages; managers their own manager packages. Both calls take
 * the same body and answer the same shape, under two paths.
 */
export type PackageKind = 'admin' | 'manager';

/** `packageId: null` takes the user's current package away. */
export type AssignPackageRequest = { userId: string } & z.input<typeof assignPackageSchema>;

const assignPaths: Record<PackageKind, string> = {
  admin: '/packages/assign',
  manager: '/manager-packages/manager/assign',
};

export function assignPackage(kind: PackageKind, { userId, packageId }: AssignPackageRequest) {
  const body: z.input<typeof assignPackageSchema> = { packageId };
  return apiClient.post(
    `${assignPaths[kind]}/${encodeURIComponent(userId)}`,
    packageAssignmentSchema,
    body,
  );
}

/**
 * What any change to packages refetches: the packages' lists, and every users query (tables,
 * profiles naming a user's package, the lists of packages to pick from).
 */
export function useRefreshPackages(kind: PackageKind) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.packages(kind) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.users }),
    ]);
}

/** One assignment, from the users screen (a user picks a package) or the packages screen. */
export function useAssignPackage(kind: PackageKind) {
  const refresh = useRefreshPackages(kind);
  return useMutation({
    mutationFn: (request: AssignPackageRequest) => assignPackage(kind, request),
    onSuccess: refresh,
  });
}

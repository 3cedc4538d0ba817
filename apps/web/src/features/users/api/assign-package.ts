import { packageAssignmentSchema } from '@keymarket/contracts/packages';
import { apiClient } from '@/lib/api-client';
import type { PackageKind } from './get-assignable-packages';
import { useUsersMutation } from './users-mutation';

export type AssignPackageRequest = {
  userId: string;
  kind: PackageKind;
  /** `null` takes the current package away. */
  packageId: string | null;
};

const pathOf: Record<PackageKind, string> = {
  admin: '/packages/assign',
  manager: '/manager-packages/manager/assign',
};

export function assignPackage({ userId, kind, packageId }: AssignPackageRequest) {
  return apiClient.post(`${pathOf[kind]}/${encodeURIComponent(userId)}`, packageAssignmentSchema, {
    packageId,
  });
}

export function useAssignPackage() {
  return useUsersMutation(assignPackage);
}

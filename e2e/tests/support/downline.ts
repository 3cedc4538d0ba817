import { apiSignedInAs, createUser, type TestUser } from './api';

/** A manager invited by the admin, and a reseller that manager invited (so the manager prices it). */
export async function managerWithInvitee(
  origin: string,
  makeUser: (role: 'manager', prefix?: string) => Promise<TestUser>,
  prefix: string,
): Promise<{ manager: TestUser; reseller: TestUser }> {
  const manager = await makeUser('manager', prefix);
  const managerApi = await apiSignedInAs(origin, manager.username, manager.password);
  try {
    const reseller = await createUser(origin, managerApi, 'reseller', `${prefix}inv`);
    return { manager, reseller };
  } finally {
    await managerApi.dispose();
  }
}

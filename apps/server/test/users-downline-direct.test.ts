import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { userSummarySchema, type UserSummary } from '@keymarket/contracts/users-admin';
import type { UserRow } from '../src/modules/users/users.repository';
import { expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { userTrees } from './helpers/users';
import { useTestApp } from './helpers/use-app';

// GET /users/downline?direct=true: the users a manager may give one of its packages to (its own
// invitees), so the assign dialog lists them all rather than filtering one page of the downline.

const ctx = useTestApp();
let managerA: SignedInUser;
let resellerA1: SignedInUser;
let resellerA2: UserRow;
let resellerA3: UserRow;
let resellerB1: UserRow;

beforeAll(async () => {
  ({ managerA, resellerA1, resellerA2, resellerA3, resellerB1 } = await userTrees(ctx));
});

const downline = (as: SignedInUser, query: string) =>
  as.inject({ method: 'GET', url: `/api/users/downline${query}` });

function pageOf(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ data: UserSummary[]; pagination: { total: number } }>();
  for (const row of body.data) userSummarySchema.strict().parse(row);
  return body;
}

const idsOf = (response: LightMyRequestResponse) =>
  pageOf(response)
    .data.map((user) => user.id)
    .sort();

describe('GET /api/users/downline?direct=true', () => {
  it("lists only the caller's own invitees, never deeper ones or another tree's", async () => {
    const body = pageOf(await downline(managerA, '?direct=true&limit=100'));
    expect(body.data.map((user) => user.id).sort()).toEqual(
      [resellerA1.user.id, resellerA3.id].sort(),
    );
    expect(body.pagination.total).toBe(2);
    expect(idsOf(await downline(resellerA1, '?direct=true'))).toEqual([resellerA2.id]);
    // Without it, the whole downline as before.
    expect(idsOf(await downline(managerA, '?direct=false&limit=100'))).toEqual(
      [resellerA1.user.id, resellerA2.id, resellerA3.id].sort(),
    );
  });

  it('searches among the direct invitees only', async () => {
    const search = (username: string) => `?direct=true&search=${encodeURIComponent(username)}`;
    expect(idsOf(await downline(managerA, search(resellerA3.username)))).toEqual([resellerA3.id]);
    expect(idsOf(await downline(managerA, search(resellerA2.username)))).toEqual([]);
    expect(idsOf(await downline(managerA, search(resellerB1.username)))).toEqual([]);
  });

  it('refuses a value that is not true or false', async () => {
    expectValidation(await downline(managerA, '?direct=yes'), 'querystring.direct');
  });
});

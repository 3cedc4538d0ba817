import { randomInt } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  INVITE_CODE_ALPHABET,
  type AllInvitationsQuery,
  type generateInvitationRequestSchema,
  type Invitation,
  type InvitationStatus,
  type PlatformInvitation,
} from '@keymarket/contracts/invitations';
import { INVITE_CODE_LENGTH } from '@keymarket/contracts/auth';
import { pageOf, type PageQuery } from '@keymarket/contracts/pagination';
import type { UserStatus } from '@keymarket/contracts/users';
import type { Database } from '../../db/client';
import type { invitations } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { csvStream, keysetBatches, type CsvColumn } from '../../lib/csv';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { RateLimits } from '../../lib/rate-limiter';
import type { AuthContext } from '../access/auth-context';
import { assertMayInvite, requireAdmin } from '../access/policy';
import {
  insertInvitation,
  listInvitationsCreatedBy,
  listPlatformInvitations,
  platformInvitationsBatch,
  type PlatformInvitationRow,
} from './invitations.repository';

type GenerateInput = z.output<typeof generateInvitationRequestSchema>;
const DAY_MS = 86_400_000;

export function generateInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i += 1)
    code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}

export class InvitationsService {
  constructor(
    private readonly db: Database,
    private readonly rateLimits: RateLimits,
  ) {}

  async generate(caller: AuthContext, input: GenerateInput): Promise<Invitation> {
    assertMayInvite(caller, input.role);
    await this.rateLimits.consume('invitations', caller.userId);
    const expiresAt = new Date(Date.now() + input.expiryDays * DAY_MS);
    // 32^8 codes: a collision is rare, but the unique index decides and we draw again.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        const row = await insertInvitation(this.db, {
          code: generateInviteCode(),
          role: input.role,
          createdById: caller.userId,
          expiresAt,
        });
        return invitationView(row, null);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new AppError('conflict', 'Could not generate a unique code. Please try again.');
  }

  async listMine(caller: AuthContext, query: PageQuery) {
    const { rows, total } = await listInvitationsCreatedBy(
      this.db,
      caller.userId,
      query.limit,
      (query.page - 1) * query.limit,
    );
    return pageOf(
      rows.map((r) => invitationView(r.invitation, r.usedBy)),
      query,
      total,
    );
  }

  /** Every code of the platform, with its creator (administrators). */
  async listAll(caller: AuthContext, query: AllInvitationsQuery) {
    requireAdmin(caller);
    const { rows, total } = await listPlatformInvitations(
      this.db,
      query,
      query.limit,
      (query.page - 1) * query.limit,
    );
    return pageOf(rows.map(platformInvitationView), query, total);
  }

  exportAll(caller: AuthContext, query: AllInvitationsQuery): Readable {
    requireAdmin(caller);
    return csvStream(
      keysetBatches<PlatformInvitationRow>((after) =>
        platformInvitationsBatch(this.db, query, after),
      ),
      csvColumns,
    );
  }
}

type InvitationRow = typeof invitations.$inferSelect;

function platformInvitationView(row: PlatformInvitationRow): PlatformInvitation {
  return { ...invitationView(row.invitation, row.usedBy), createdBy: row.createdBy };
}

const csvColumns: CsvColumn<PlatformInvitationRow>[] = [
  { header: 'Code', cell: (r) => r.invitation.code },
  { header: 'Role', cell: (r) => r.invitation.role },
  { header: 'Status', cell: (r) => invitationStatus(r.invitation, r.usedBy) },
  { header: 'Created by', cell: (r) => r.createdBy.username },
  { header: 'Created (UTC)', cell: (r) => r.invitation.createdAt.toISOString() },
  { header: 'Expires (UTC)', cell: (r) => r.invitation.expiresAt.toISOString() },
  { header: 'Used (UTC)', cell: (r) => r.invitation.usedAt?.toISOString() },
  { header: 'Account created', cell: (r) => r.usedBy?.username },
];

function invitationView(
  row: InvitationRow,
  usedBy: { id: string; username: string; status: UserStatus } | null,
): Invitation {
  return {
    id: row.id,
    code: row.code,
    role: row.role,
    status: invitationStatus(row, usedBy),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
    usedBy: usedBy ? { id: usedBy.id, username: usedBy.username } : null,
  };
}

/** `pending`: used, by an account still waiting for an admin's approval. */
function invitationStatus(
  row: InvitationRow,
  usedBy: { status: UserStatus } | null,
): InvitationStatus {
  if (row.usedAt) return usedBy?.status === 'inactive' ? 'pending' : 'used';
  return row.expiresAt.getTime() <= Date.now() ? 'expired' : 'unused';
}

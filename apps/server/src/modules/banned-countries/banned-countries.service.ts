import { COUNTRY_BLOCKED_TEXT, type BannedCountry } from '@keymarket/contracts/settings';
import type { Database, Executor } from '../../db/client';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { AuthContext } from '../access/auth-context';
import { requireAdmin } from '../access/policy';
import { writeAudit } from '../ledger/ledger.repository';
import {
  deleteBannedCountry,
  insertBannedCountry,
  isCountryBanned,
  listBannedCountries,
  type BannedCountryRow,
} from './banned-countries.repository';

export class BannedCountriesService {
  constructor(private readonly db: Database) {}

  async list(): Promise<{ countries: BannedCountry[] }> {
    return { countries: (await listBannedCountries(this.db)).map(bannedCountryView) };
  }

  async ban(caller: AuthContext, countryCode: string): Promise<BannedCountry> {
    requireAdmin(caller);
    try {
      return await this.db.transaction(async (tx) => {
        const row = await insertBannedCountry(tx, { countryCode, createdById: caller.userId });
        await writeAudit(tx, {
          actorId: caller.userId,
          action: 'banned_country.ban',
          targetType: 'banned_country',
          targetId: row.id,
          after: { countryCode },
        });
        return bannedCountryView(row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`${countryCode} is already banned`);
      throw error;
    }
  }

  async unban(caller: AuthContext, id: string) {
    requireAdmin(caller);
    await this.db.transaction(async (tx) => {
      const row = await deleteBannedCountry(tx, id);
      if (!row) throw notFound('Banned country');
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'banned_country.unban',
        targetType: 'banned_country',
        targetId: id,
        before: { countryCode: row.countryCode },
      });
    });
    return { ok: true as const };
  }
}

/**
 * Refuses register and login from a banned country. `country` is ClientInfo.country: the trusted
 * COUNTRY_HEADER when one is configured, else a lookup of the client address in the bundled GeoIP
 * database (lib/client-info.ts). An unknown country (private address, address missing from the
 * database, GEOIP=off) is let through: refusing it would lock out every client the lookup cannot
 * place.
 */
export async function assertCountryAllowed(db: Executor, country: string | null) {
  if (country && (await isCountryBanned(db, country))) {
    throw new AppError('country_blocked', COUNTRY_BLOCKED_TEXT);
  }
}

const bannedCountryView = (row: BannedCountryRow): BannedCountry => ({
  id: row.id,
  countryCode: row.countryCode,
  createdAt: row.createdAt.toISOString(),
});

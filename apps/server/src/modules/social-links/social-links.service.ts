import type { z } from 'zod';
import {
  socialNetworks,
  type SocialLinks,
  type updateSocialLinksSchema,
} from '@keymarket/contracts/settings';
import type { Database } from '../../db/client';
import { readSetting, SETTINGS, writeSetting } from '../../lib/settings';
import type { AuthContext } from '../access/auth-context';
import { requireAdmin } from '../access/policy';
import { writeAudit } from '../ledger/ledger.repository';

/** The footer's links, stored as one map in the key/value settings table. */
export class SocialLinksService {
  constructor(private readonly db: Database) {}

  async get(): Promise<{ links: SocialLinks }> {
    return { links: await readSetting(this.db, SETTINGS.socialLinks) };
  }

  /** Replaces the whole map: a network left out or sent as null loses its link. */
  async update(
    caller: AuthContext,
    input: z.output<typeof updateSocialLinksSchema>,
  ): Promise<{ links: SocialLinks }> {
    requireAdmin(caller);
    const links: SocialLinks = {};
    // The contract's order, so the stored map (and the footer) never depends on the client's.
    for (const network of socialNetworks) {
      const url = input.links[network];
      if (url) links[network] = url;
    }
    await this.db.transaction(async (tx) => {
      const before = await readSetting(tx, SETTINGS.socialLinks, { forUpdate: true });
      await writeSetting(tx, SETTINGS.socialLinks, links);
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'settings.social_links.update',
        targetType: 'settings',
        before,
        after: links,
      });
    });
    return { links };
  }
}

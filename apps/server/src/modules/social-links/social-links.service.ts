import type { z } from 'zod';
import {
  socialLinksResponseSchema,
  socialNetworks,
  type SocialLinks,
  type updateSocialLinksSchema,
} from '@keymarket/contracts/settings';
import type { Database } from '../../db/client';
import { readSetting, SETTING_KEYS, writeSetting } from '../../lib/settings';
import type { AuthContext } from '../../plugins/access';
import { writeAudit } from '../ledger/ledger.repository';

/** The footer's links, stored as one map in the key/value settings table. */
export class SocialLinksService {
  constructor(private readonly db: Database) {}

  async get(): Promise<{ links: SocialLinks }> {
    return { links: parseLinks(await readSetting(this.db, SETTING_KEYS.socialLinks)) };
  }

  /** Replaces the whole map: a network left out or sent as null loses its link. */
  async update(
    caller: AuthContext,
    input: z.output<typeof updateSocialLinksSchema>,
  ): Promise<{ links: SocialLinks }> {
    const links: SocialLinks = {};
    // The contract's order, so the stored map (and the footer) never depends on the client's.
    for (const network of socialNetworks) {
      const url = input.links[network];
      if (url) links[network] = url;
    }
    await this.db.transaction(async (tx) => {
      const before = parseLinks(
        await readSetting(tx, SETTING_KEYS.socialLinks, { forUpdate: true }),
      );
      await writeSetting(tx, SETTING_KEYS.socialLinks, links);
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

/** A stored value that no longer fits the contract reads as no links rather than failing. */
function parseLinks(value: unknown): SocialLinks {
  const parsed = socialLinksResponseSchema.shape.links.safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
}

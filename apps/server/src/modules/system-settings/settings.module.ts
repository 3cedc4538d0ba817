import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { registerUploads } from '../../lib/uploads';
import { alertsRoutes } from '../alerts/alerts.routes';
import { AlertsService } from '../alerts/alerts.service';
import { bannedCountriesRoutes } from '../banned-countries/banned-countries.routes';
import { BannedCountriesService } from '../banned-countries/banned-countries.service';
import { currenciesRoutes } from '../currencies/currencies.routes';
import { CurrenciesService } from '../currencies/currencies.service';
import { faqsRoutes } from '../faqs/faqs.routes';
import { FaqsService } from '../faqs/faqs.service';
import { musicRoutes } from '../music/music.routes';
import { MusicService } from '../music/music.service';
import { socialLinksRoutes } from '../social-links/social-links.routes';
import { SocialLinksService } from '../social-links/social-links.service';
import type { SystemSettingsCache } from '../../lib/settings';
import { registerMaintenanceGate } from './maintenance';
import { systemSettingsRoutes } from './system-settings.routes';
import { SystemSettingsService } from './system-settings.service';

interface SettingsOptions {
  db: Database;
  systemSettings: SystemSettingsCache;
  /** The server sends email (`SMTP_URL`): the public settings say so to the sign-in page. */
  emailAvailable: boolean;
}

const platformSettingsRoutes: FastifyPluginAsyncZod<SettingsOptions> = async (
  app,
  { db, systemSettings, emailAvailable },
) => {
  // Multipart (the music upload) is parsed in this plugin only.
  await registerUploads(app);

  const currencies = new CurrenciesService(db);
  await currencies.ensureBaseCurrency();
  await app.register(currenciesRoutes, { currencies });
  await app.register(alertsRoutes, { alerts: new AlertsService(db) });
  await app.register(faqsRoutes, { faqs: new FaqsService(db) });
  await app.register(socialLinksRoutes, { socialLinks: new SocialLinksService(db) });
  await app.register(musicRoutes, { music: new MusicService(db) });
  await app.register(bannedCountriesRoutes, {
    bannedCountries: new BannedCountriesService(db),
  });
  await app.register(systemSettingsRoutes, {
    systemSettings: new SystemSettingsService(db, systemSettings, emailAvailable),
  });
};

/**
 * Currencies, alerts, FAQs, social links, music, banned countries and system settings under /api,
 * plus the maintenance gate. Registered on the root app right after access control and before the
 * /api routes (fastify-plugin, so the gate's hook is not encapsulated): a hook applies only to
 * routes registered after it, and it reads the `request.auth` that access control sets.
 */
export const settingsModule = fp<SettingsOptions>(
  async (app, options) => {
    registerMaintenanceGate(app, options.systemSettings);
    await app.register(platformSettingsRoutes, { prefix: '/api', ...options });
  },
  { name: 'platform-settings' },
);

import type { AppModule } from '../../app-context';
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
import { systemSettingsRoutes } from './system-settings.routes';
import { SystemSettingsService } from './system-settings.service';

/**
 * Currencies, alerts, FAQs, social links, music, banned countries and system settings under /api.
 * The maintenance gate that goes with them is an app plugin (`registerMaintenanceGate`), on the
 * root before every route.
 */
export const settingsModule: AppModule = async (app, { ctx }) => {
  const { db, systemSettings } = ctx;
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
  // The public settings tell the sign-in page whether the server sends email (`SMTP_URL`).
  await app.register(systemSettingsRoutes, {
    systemSettings: new SystemSettingsService(db, systemSettings, ctx.mailer !== undefined),
  });
};

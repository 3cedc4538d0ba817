-- A session's country: of the address it was last seen from, when known (COUNTRY_HEADER or the
-- bundled GeoIP database), for the Sessions screen. The address and last-seen time were already
-- kept; the session gate now writes all three at most once a minute per session.
ALTER TABLE "sessions" ADD COLUMN "country" char(2);

import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';

/** The ConfigError parseEnv throws for `source`, or a failure when it does not throw one. */
function configErrorOf(source: Record<string, string>): ConfigError {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(source)}`);
}

describe('parseEnv', () => {
  it('fills in the documented defaults from an empty environment', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: 3000,
      DATA_DIR: './data',
      DATABASE_POOL_MAX: 32,
      LOG_LEVEL: 'info',
      ACCESS_TOKEN_TTL_SECONDS: 900,
      REFRESH_TOKEN_TTL_DAYS: 30,
      ALLOWED_ORIGINS: [],
      TRUST_PROXY: false,
      LOGIN_RATE_LIMIT: 10,
      LOGIN_RATE_WINDOW_SECONDS: 900,
      REGISTER_RATE_LIMIT: 30,
      REGISTER_RATE_WINDOW_SECONDS: 3600,
      ADMIN_USERNAME: 'admin',
      ADMIN_EMAIL: 'admin@keymarket.local',
    });
    // Unset means "embedded PGlite", "memory rate limits" and "generated secrets".
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'KEYS_SECRET'] as const) {
      expect(env[name]).toBeUndefined();
    }
  });

  it('turns strings into the numbers, booleans and lists the server uses', () => {
    const env = parseEnv({
      PORT: '8080',
      TRUST_PROXY: 'yes',
      ALLOWED_ORIGINS: ' https://a.example , https://b.example ,',
      DATABASE_URL: 'postgresql://app@db:5432/keymarket',
      KEYS_SECRET: 'aB'.repeat(32),
    });
    expect(env.PORT).toBe(8080);
    // Proxies on private addresses: their entries are believed, not those the client wrote.
    expect(env.TRUST_PROXY).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(env.ALLOWED_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(env.DATABASE_URL).toBe('postgresql://app@db:5432/keymarket');
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: ' 10.0.0.0/8, 192.0.2.1 ,::1 ' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      '::1',
    ]);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    // Digits only: z.coerce.number() took all four (an empty PORT= was port 0, a random one).
    ['PORT', ''],
    ['PORT', '0x1F90'],
    ['PORT', ' 8080'],
    ['API_RATE_LIMIT', '1e3'],
    ['DATABASE_URL', 'mysql://db/keymarket'],
    ['DATABASE_URL', 'localhost:5432'],
    ['KEYS_SECRET', 'abc123'],
    ['KEYS_SECRET', 'z'.repeat(64)],
    ['JWT_SECRET', 'too-short'],
    ['REDIS_URL', 'http://cache:6379'],
    ['TRUST_PROXY', 'maybe'],
    ['TRUST_PROXY', '2'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1, proxy.local'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses %s=%s with a ConfigError naming the variable', (name, value) => {
    const error = configErrorOf({ [name]: value });
    expect(error.message).toContain(`${name}:`);
  });

  it('says a number setting must be written in digits', () => {
    expect(configErrorOf({ OUTBOX_POLL_INTERVAL_MS: '1_000' }).message).toContain(
      'OUTBOX_POLL_INTERVAL_MS: must be a whole number written in digits',
    );
    expect(parseEnv({ PORT: '0', OUTBOX_POLL_INTERVAL_MS: '0250' })).toMatchObject({
      PORT: 0,
      OUTBOX_POLL_INTERVAL_MS: 250,
    });
  });

  it('names every bad variable at once, not just the first', () => {
    const error = configErrorOf({ PORT: '-1', DATABASE_URL: 'mysql://x', KEYS_SECRET: 'nope' });
    for (const name of ['PORT', 'DATABASE_URL', 'KEYS_SECRET']) {
      expect(error.message).toContain(`${name}:`);
    }
  });

  it('takes a replica for lag-tolerant reads, and how far behind it may be', () => {
    expect(parseEnv({})).toMatchObject({ READ_MAX_LAG_MS: 5000 });
    expect(parseEnv({}).DATABASE_READ_URL).toBeUndefined();
    expect(
      parseEnv({
        DATABASE_READ_URL: 'postgres://app@127.0.0.1:5001/keymarket',
        READ_MAX_LAG_MS: '250',
      }),
    ).toMatchObject({
      DATABASE_READ_URL: 'postgres://app@127.0.0.1:5001/keymarket',
      READ_MAX_LAG_MS: 250,
    });
    const error = configErrorOf({ DATABASE_READ_URL: 'mysql://x', READ_MAX_LAG_MS: '5e3' });
    expect(error.message).toContain('DATABASE_READ_URL must start with postgres://');
    expect(error.message).toContain('READ_MAX_LAG_MS: must be a whole number written in digits');
  });

  it('explains the expected form of a bad secret', () => {
    expect(configErrorOf({ KEYS_SECRET: 'abc' }).message).toContain('64 hexadecimal characters');
  });
});

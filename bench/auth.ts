/**
 * Signs users in through the real POST /api/auth/login and keeps their cookies, as a browser
 * would. Argon2 makes each login take tens of milliseconds, so a few run at once.
 */
export async function signIn(baseUrl: string, identifier: string, password: string) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password }),
  });
  if (response.status !== 200) {
    throw new Error(`login of ${identifier} failed: ${response.status} ${await response.text()}`);
  }
  // "name=value; Path=/api; HttpOnly; ..." → "name=value"
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (!cookies.some((c) => c.startsWith('km_access='))) {
    throw new Error(`login of ${identifier} set no access cookie`);
  }
  return cookies.join('; ');
}

export async function signInAll(
  baseUrl: string,
  usernames: readonly string[],
  password: string,
  concurrency = 4,
): Promise<string[]> {
  const cookies = new Array<string>(usernames.length);
  let next = 0;
  const worker = async () => {
    while (next < usernames.length) {
      const i = next++;
      cookies[i] = await signIn(baseUrl, usernames[i]!, password);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return cookies;
}

/** One API key for each signed-in user (its cookie), through the real POST /api/api-keys. */
export async function createApiKeys(baseUrl: string, cookies: readonly string[]) {
  return Promise.all(
    cookies.map(async (cookie) => {
      const response = await fetch(`${baseUrl}/api/api-keys`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ name: 'bench' }),
      });
      if (response.status !== 201) {
        throw new Error(`API key creation failed: ${response.status} ${await response.text()}`);
      }
      return ((await response.json()) as { key: string }).key;
    }),
  );
}

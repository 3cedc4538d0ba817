import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/test-app';
import { useTestApp } from './helpers/use-app';

const ctx = useTestApp();

describe('health and readiness', () => {
  it('answers alive on /api/health', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers ready with the database kind on /api/ready', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: ctx.database.kind });
  });

  it('answers unknown /api paths with a JSON 404 envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, message: { type: 'not_found' } });
  });

  it('answers not ready with the envelope when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ message: { type: 'unavailable' } });
    await other.app.close();
  });
});

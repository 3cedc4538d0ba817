import { describe, expect, it } from 'vitest';
import { errorStatus, errorTypeForStatus } from './errors';

describe('errorTypeForStatus', () => {
  it('names a status the server answers with a type of that status', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 415, 429, 500, 503]) {
      expect(errorStatus[errorTypeForStatus(status)], String(status)).toBe(status);
    }
  });

  it("names a proxy's answer, or none at all, so the web app can still translate it", () => {
    expect(errorTypeForStatus(0)).toBe('unavailable');
    expect(errorTypeForStatus(502)).toBe('unavailable');
    expect(errorTypeForStatus(504)).toBe('unavailable');
    expect(errorTypeForStatus(418)).toBe('bad_request');
    expect(errorTypeForStatus(599)).toBe('internal');
  });
});

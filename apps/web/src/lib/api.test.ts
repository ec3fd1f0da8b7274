import { describe, expect, it } from 'vitest';
import { ApiError, buildUrl, unwrapEnvelope } from './api';

describe('unwrapEnvelope', () => {
  it('returns value of a success envelope', () => {
    expect(unwrapEnvelope(200, { success: true, value: { a: 1 } })).toEqual({ a: 1 });
  });

  it('throws ApiError carrying code, status and details of a failure envelope', () => {
    try {
      unwrapEnvelope(422, {
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'bad',
        details: { field: 'x' },
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      const apiError = error as ApiError;
      expect(apiError.code).toBe('VALIDATION_FAILED');
      expect(apiError.status).toBe(422);
      expect(apiError.message).toBe('bad');
      expect(apiError.details).toEqual({ field: 'x' });
    }
  });

  it('turns a non-envelope answer into an ApiError', () => {
    expect(() => unwrapEnvelope(404, null)).toThrow(ApiError);
    expect(() => unwrapEnvelope(502, '<html>')).toThrow(/HTTP 502/);
  });
});

describe('buildUrl', () => {
  it('adds defined query parameters only', () => {
    expect(buildUrl('/lgw/games', { count: 20, vendor: undefined, name: null, q: 'a b' })).toBe(
      '/lgw/games?count=20&q=a+b',
    );
    expect(buildUrl('/x?y=1', { z: true })).toBe('/x?y=1&z=true');
    expect(buildUrl('/x')).toBe('/x');
  });
});

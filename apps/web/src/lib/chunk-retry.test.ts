import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, retryImport } from './chunk-retry';

const noSleep = () => Promise.resolve();

describe('retryImport', () => {
  it('returns the module when a retry succeeds', async () => {
    const factory = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('module');
    await expect(retryImport(factory, { sleep: noSleep })).resolves.toBe('module');
    expect(factory).toHaveBeenCalledTimes(2);
  });

  it('tries three times in all (two retries) and then throws ChunkLoadError', async () => {
    const factory = vi.fn<() => Promise<string>>().mockRejectedValue(new Error('offline'));
    const error = await retryImport(factory, { sleep: noSleep }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).attempts).toBe(3);
    expect(factory).toHaveBeenCalledTimes(3);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('treats a load that never settles as failed after the timeout', async () => {
    const factory = () => new Promise<string>(() => {});
    await expect(retryImport(factory, { retries: 0, timeoutMs: 10, sleep: noSleep })).rejects.toBeInstanceOf(
      ChunkLoadError,
    );
  });
});

describe('isChunkLoadError', () => {
  it('recognises browser dynamic-import failures but not ordinary errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('text')).toBe(false);
  });
});

/** Route chunks that fail to load are retried, then the route shows a reload panel (spec §8, §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const CHUNK_LOAD_RETRIES = 2;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    message: string,
    readonly attempts: number,
  ) {
    super(message);
  }
}

export interface RetryOptions {
  retries?: number;
  delayMs?: number;
  timeoutMs?: number;
  /** Injected in tests. */
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`chunk load timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Calls `factory` (a dynamic import) and retries up to `retries` more times with a growing delay.
 * After the last failure a ChunkLoadError is thrown so the error boundary can offer a reload.
 */
export async function retryImport<T>(factory: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const {
    retries = CHUNK_LOAD_RETRIES,
    delayMs = 400,
    timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
    sleep = defaultSleep,
  } = options;
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    try {
      return await withTimeout(factory(), timeoutMs);
    } catch (error) {
      lastError = error;
      if (attempt < retries) await sleep(delayMs * (attempt + 1));
    }
  }
  const reason = lastError instanceof Error ? lastError.message : String(lastError);
  throw new ChunkLoadError(`Failed to load chunk: ${reason}`, retries + 1);
}

/** True for our own ChunkLoadError and for the browser's dynamic-import failures. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError/i.test(
    `${error.name} ${error.message}`,
  );
}

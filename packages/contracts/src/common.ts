import { z } from 'zod';

/** Every list endpoint pages with these names; the upper bound keeps every query bounded. */
export const MAX_PAGE_SIZE = 100;
export const pageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function paged<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    list: z.array(item),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  });
}

/** The response envelope of ARCHITECTURE §5. */
export type Envelope<T> =
  | { success: true; value: T }
  | { success: false; code: string; message: string; details?: unknown };

export const languageCode = z.enum(['pt-BR', 'en']);
export type LanguageCode = z.infer<typeof languageCode>;
export const SUPPORTED_LANGUAGES: readonly LanguageCode[] = ['pt-BR', 'en'];

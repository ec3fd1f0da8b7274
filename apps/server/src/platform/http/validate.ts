import type { FieldErrorDetail } from '@sorte/contracts';
import { z } from 'zod';
import { AppError } from './app-error.ts';

/** Validates input against a contract; problems become VALIDATION_FAILED with per-field details. */
export function parseInput<T extends z.ZodTypeAny>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields = result.error.issues.slice(0, 20).map((issue): FieldErrorDetail => {
    const params: Record<string, number> = {};
    if ('maximum' in issue) params.max = Number(issue.maximum);
    if ('minimum' in issue) params.min = Number(issue.minimum);
    const missing = issue.code === 'invalid_type' && issue.input === undefined;
    return { field: issue.path.join('.') || '_', key: missing ? 'required' : issue.code, params };
  });
  throw new AppError('VALIDATION_FAILED', { fields });
}

/** A route's `:id` of a row with a numeric id (bigint identity): a positive whole number. */
export const numericIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53),
});

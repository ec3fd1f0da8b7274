import type { Page } from './paging';

/** Accepts a bare array or a paged object, so a list screen does not care which the endpoint returns. */
export function listOf<T>(value: T[] | Page<T> | null | undefined): T[] {
  if (!value) return [];
  return Array.isArray(value) ? value : value.list;
}

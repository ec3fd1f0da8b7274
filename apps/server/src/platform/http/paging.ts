import type { PageQuery } from '@sorte/contracts';

/** The envelope every list endpoint answers with of a `paged(...)` contract from a page of rows and the total count. */
export function pageOf<T>(list: T[], total: number, query: PageQuery) {
  return {
    list,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    totalPages: Math.ceil(total / query.pageSize),
    total,
  };
}

/** How many rows the requested page skips. */
export function offsetOf(query: PageQuery): number {
  return (query.pageNo - 1) * query.pageSize;
}

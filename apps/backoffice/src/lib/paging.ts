/** The shape of every paged list from the API (contracts `paged`). */
export interface Page<T> {
  list: T[];
  pageNo: number;
  pageSize: number;
  totalPages: number;
  total: number;
}

export const PAGE_SIZE = 20;

/** A fresh key for one money request the operator means once (the API's idempotencyKey). */
export function newIdempotencyKey(): string {
  return `bo-${crypto.randomUUID()}`;
}

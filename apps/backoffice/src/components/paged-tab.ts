import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '../lib/api';
import { PAGE_SIZE, type Page } from '../lib/paging';

/**
 * An unfiltered paged list on one of a page's tabs (PageTabs): its page number lives in the address
 * beside the tab (?tab=…&page=…, page 1 left out), and the previous page stays on screen while the
 * next one loads. Spread the answer into PagedTable (`query`, `onPage`); `queryKey` gets the page
 * number appended.
 */
export function usePagedTab<P extends Page<unknown>>(
  tab: string,
  queryKey: readonly unknown[],
  path: string,
  options: { refetchInterval?: number } = {},
) {
  const [params, setParams] = useSearchParams();
  const pageNo = Number(params.get('page') ?? '1') || 1;
  const query = useQuery({
    queryKey: [...queryKey, pageNo],
    queryFn: () => api.get<P>(path, { pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    ...options,
  });
  const onPage = (page: number) => setParams(page > 1 ? { tab, page: String(page) } : { tab });
  return { query, onPage };
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from './Pager';
import { QueryState } from './Status';

export interface DataTableProps {
  /** 'table' by default; add 'table--cards' for tables that read as cards on phones. */
  className?: string;
  /** The header cells. */
  head: ReactNode;
  /** Adds a last, visually hidden "actions" header for a column of row buttons. */
  actions?: boolean;
  children: ReactNode;
}

/** The back office's table: scrolls sideways inside its wrapper on narrow screens. */
export function DataTable({ className = 'table', head, actions, children }: DataTableProps) {
  const { t } = useTranslation();
  return (
    <div className="table-wrap">
      <table className={className}>
        <thead>
          <tr>
            {head}
            {actions ? (
              <th>
                <span className="visually-hidden">{t('cashier.actions')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

interface PagedData<T> {
  list: T[];
  pageNo: number;
  totalPages: number;
  total: number;
}

export interface PagedTableProps<T> extends Omit<DataTableProps, 'children'> {
  query: { data?: PagedData<T>; error: unknown; isLoading: boolean; refetch: () => unknown };
  /** Shown when the page holds no rows. */
  empty: ReactNode;
  /** One <tr> (with its key) for an item. */
  row: (item: T) => ReactNode;
  onPage: (pageNo: number) => void;
}

/** A paged list from the API: its error, loading and empty states, the table of rows, and the pager. */
export function PagedTable<T>({ query, empty, row, onPage, ...table }: PagedTableProps<T>) {
  const data = query.data;
  return (
    <>
      <QueryState query={query} isEmpty={data?.list.length === 0} empty={empty} />
      {data && data.list.length > 0 ? (
        <>
          <DataTable {...table}>{data.list.map(row)}</DataTable>
          <Pager pageNo={data.pageNo} totalPages={data.totalPages} total={data.total} onPage={onPage} />
        </>
      ) : null}
    </>
  );
}

import { useTranslation } from 'react-i18next';

export interface PagerProps {
  pageNo: number;
  totalPages: number;
  total: number;
  onPage: (pageNo: number) => void;
}

export function Pager({ pageNo, totalPages, total, onPage }: PagerProps) {
  const { t } = useTranslation();
  const last = Math.max(totalPages, 1);
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <span className="pager__info">{t('pager.info', { pageNo, totalPages: last, total })}</span>
      <button type="button" className="button" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        {t('pager.previous')}
      </button>
      <button type="button" className="button" disabled={pageNo >= last} onClick={() => onPage(pageNo + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}

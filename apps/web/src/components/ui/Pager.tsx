import { useTranslation } from 'react-i18next';

/** Previous / "page n of m" / next; renders nothing when there is a single page. */
export function Pager({
  pageNo,
  totalPages,
  onPage,
}: {
  pageNo: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('common');
  if (totalPages <= 1) return null;
  return (
    <nav className="cs-pager" aria-label={t('pager.label')}>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={pageNo <= 1}
        onClick={() => onPage(pageNo - 1)}
      >
        {t('pager.prev')}
      </button>
      <span className="muted">{t('pager.of', { page: pageNo, total: totalPages })}</span>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={pageNo >= totalPages}
        onClick={() => onPage(pageNo + 1)}
      >
        {t('pager.next')}
      </button>
    </nav>
  );
}

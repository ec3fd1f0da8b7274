import type { PromotionCard, PromotionCategory } from '@sorte/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState';
import { LazyImage } from '../../components/ui/LazyImage';
import { QueryState } from '../../components/ui/QueryState';
import { clockOffsetMs } from '../../lib/server-clock';
import { useWhitelabel } from '../../lib/whitelabel';
import { contentIn, usePromotions } from './api';
import { PromotionCountdown } from './PromotionCountdown';
import './promotions.css';

type Tab = 'all' | PromotionCategory;

/**
 * /promotions: the promotions the server shows this visitor or member, in the operators' order, with
 * a tab per category present, each card with its cover, words in the reader's language and the
 * countdown to its end.
 */
export function PromotionList() {
  const { t, i18n } = useTranslation('promotions');
  const { defaultLanguage } = useWhitelabel();
  const query = usePromotions();
  const [tab, setTab] = useState<Tab>('all');
  const list = query.data?.list ?? [];
  const offset = clockOffsetMs(query.data?.serverTime, query.dataUpdatedAt || Date.now());
  const categories = useMemo(() => [...new Set(list.map((p) => p.category))], [list]);
  const shown = tab === 'all' ? list : list.filter((p) => p.category === tab);

  return (
    <QueryState isLoading={query.isLoading} error={query.error} onRetry={() => query.refetch()}>
      {list.length === 0 ? (
        <EmptyState icon="gift" title={t('emptyTitle')} text={t('emptyText')} />
      ) : (
        <>
          {categories.length > 1 ? (
            <div className="promo-tabs" role="tablist" aria-label={t('categoriesLabel')}>
              {(['all', ...categories] as Tab[]).map((key) => (
                <button
                  key={key}
                  type="button"
                  role="tab"
                  aria-selected={tab === key}
                  className={`promo-tabs__tab${tab === key ? ' is-active' : ''}`}
                  onClick={() => setTab(key)}
                >
                  {t(`category.${key}`)}
                </button>
              ))}
            </div>
          ) : null}
          <div className="promo-grid">
            {shown.map((promo) => (
              <PromotionTile
                key={promo.id}
                promo={promo}
                language={i18n.language}
                fallback={defaultLanguage}
                offsetMs={offset}
              />
            ))}
          </div>
        </>
      )}
    </QueryState>
  );
}

function PromotionTile({
  promo,
  language,
  fallback,
  offsetMs,
}: {
  promo: PromotionCard;
  language: string;
  fallback: string;
  offsetMs: number;
}) {
  const { t } = useTranslation('promotions');
  const words = contentIn(promo.content, language, fallback);
  return (
    <Link to={`/promoDetail?id=${promo.id}`} className="promo-tile" data-promotion={promo.id}>
      {promo.coverUrl ? (
        <LazyImage src={promo.coverUrl} alt="" />
      ) : (
        <span className="promo-tile__art" aria-hidden="true" />
      )}
      <span className="promo-tile__content">
        <span className="promo-tile__meta">
          <span className="promo-badge">{t(`category.${promo.category}`)}</span>
          <PromotionCountdown endsAt={promo.endsAt} offsetMs={offsetMs} />
        </span>
        <strong className="promo-tile__title">{words?.title ?? t('untitled')}</strong>
        {words?.summary ? <span className="promo-tile__summary">{words.summary}</span> : null}
        <span className="promo-tile__cta">{t('details')}</span>
      </span>
    </Link>
  );
}

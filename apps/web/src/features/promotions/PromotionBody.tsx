import type { PromotionDetail } from '@sorte/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWhitelabel } from '../../lib/whitelabel';
import { contentIn } from './api';
import { PromotionCountdown } from './PromotionCountdown';
import './promotions.css';

/**
 * A promotion's page: cover, title, countdown, summary and body. The body is HTML the server
 * sanitized when an operator saved it (an allow-list: paragraphs, headings, lists, bold/italic,
 * http(s) links with rel=noopener, pictures of our own store), so it is rendered as HTML here.
 * `children` is what the page adds under it (the activity application form).
 */
export function PromotionBody({ promo, children }: { promo: PromotionDetail; children?: ReactNode }) {
  const { t, i18n } = useTranslation('promotions');
  const { defaultLanguage } = useWhitelabel();
  const words = contentIn(promo.content, i18n.language, defaultLanguage);
  return (
    <>
      {promo.coverUrl ? <img className="promo-detail__image" src={promo.coverUrl} alt="" /> : null}
      <div className="promo-detail__meta">
        <span className="promo-badge">{t(`category.${promo.category}`)}</span>
        <PromotionCountdown endsAt={promo.endsAt} offsetMs={0} />
      </div>
      <h1 className="page__title">{words?.title ?? t('untitled')}</h1>
      {words?.summary ? <p className="promo-detail__summary">{words.summary}</p> : null}
      {words?.body ? (
        <div
          className="promo-rich"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server's allow-list at write time (promotions.sanitize.ts)
          dangerouslySetInnerHTML={{ __html: words.body }}
        />
      ) : null}
      {children}
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../lib/api';

interface Article {
  id: string;
  title: string;
  content: string;
}

const STATIC_TOPICS = ['account', 'deposit', 'withdraw', 'bonus', 'security', 'responsible'] as const;

/** Reads the help centre answer leniently: an array (or `list`) of {title, content}. */
function toArticles(value: unknown): Article[] {
  const list = Array.isArray(value)
    ? value
    : Array.isArray((value as { list?: unknown })?.list)
      ? (value as { list: unknown[] }).list
      : [];
  return list.slice(0, 100).flatMap((raw, index) => {
    const item = raw as Record<string, unknown>;
    const title = typeof item?.title === 'string' ? item.title : null;
    const content =
      typeof item?.content === 'string' ? item.content : typeof item?.body === 'string' ? item.body : '';
    return title ? [{ id: String(item.id ?? index), title, content }] : [];
  });
}

/** Help centre content from GET /wps/system/helpCenter, else the translated built-in topics. */
export function HelpArticles() {
  const { t, i18n } = useTranslation('help');
  const { data } = useQuery({
    queryKey: ['help', 'centre', i18n.language],
    queryFn: ({ signal }) => apiGet<unknown>('/wps/system/helpCenter', { signal }).then(toArticles),
    retry: false,
    staleTime: 10 * 60_000,
  });
  const articles: Article[] =
    data && data.length > 0
      ? data
      : STATIC_TOPICS.map((topic) => ({
          id: topic,
          title: t(`topics.${topic}.title`),
          content: t(`topics.${topic}.body`),
        }));
  return (
    <div className="help-articles">
      {articles.map((article, index) => (
        <details key={article.id} className="help-article" open={index === 0}>
          <summary>{article.title}</summary>
          <p>{article.content}</p>
        </details>
      ))}
    </div>
  );
}

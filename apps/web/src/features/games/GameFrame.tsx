import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState';

/** Only https (or same-origin) game URLs are framed; anything else is refused. */
export function safeGameUrl(raw: string | null, origin: string): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, origin);
    if (url.protocol === 'https:' || url.origin === origin) return url.toString();
  } catch {
    return null;
  }
  return null;
}

export function GameFrame({ titleKey }: { titleKey: 'game' | 'seamless' }) {
  const { t } = useTranslation('games');
  const [params] = useSearchParams();
  const url = safeGameUrl(params.get('url') ?? params.get('gameUrl'), window.location.origin);
  if (!url) {
    return <EmptyState icon="RNG" title={t(`frame.${titleKey}EmptyTitle`)} text={t('frame.emptyText')} />;
  }
  return (
    <div className="game-frame">
      <iframe
        src={url}
        title={t(`frame.${titleKey}Title`)}
        allow="autoplay; fullscreen"
        allowFullScreen
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
      />
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState';

export default function VnLotteryPage() {
  const { t } = useTranslation('pages');
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode');
  return (
    <div className="page">
      <EmptyState
        icon="LOTT"
        title={t('vnlottery.title')}
        text={gameCode ? t('lottery.gameTitle', { code: gameCode }) : t('vnlottery.text')}
      />
    </div>
  );
}

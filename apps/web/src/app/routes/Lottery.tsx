import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState';
import { Lobby } from '../../features/games/Lobby';

/** /lottery: the lottery lobby, or a selected game when gameCode and playType are given. */
export default function LotteryPage() {
  const { t } = useTranslation('pages');
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode');
  if (gameCode) {
    return (
      <div className="page">
        <EmptyState
          icon="LOTT"
          title={t('lottery.gameTitle', { code: gameCode })}
          text={t('lottery.gameText')}
        />
      </div>
    );
  }
  return (
    <div className="page">
      <Lobby category="LOTT" />
    </div>
  );
}

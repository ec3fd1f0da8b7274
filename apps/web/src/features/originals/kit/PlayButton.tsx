import { useTranslation } from 'react-i18next';
import { useLoginGate } from '../../../lib/login-gate';

export interface PlayButtonProps {
  onPlay: () => void;
  pending?: boolean;
  disabled?: boolean;
  /** Defaults to "Bet". */
  label?: string;
}

/** The big accent button; logged out it reads "Log in to play" and opens the login popup. */
export function PlayButton({ onPlay, pending, disabled, label }: PlayButtonProps) {
  const { t } = useTranslation('originals');
  const { isLogin, requireLogin } = useLoginGate();
  return (
    <button
      type="button"
      className="og-play"
      data-testid="play"
      disabled={isLogin && (disabled || pending)}
      aria-busy={pending}
      onClick={() => {
        if (requireLogin()) onPlay();
      }}
    >
      {isLogin ? (pending ? t('kit.playing') : (label ?? t('kit.bet'))) : t('kit.loginToPlay')}
    </button>
  );
}

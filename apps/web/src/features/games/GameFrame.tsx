import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useModal } from '../../lib/modal-url';
import { EmptyState } from '../../components/ui/EmptyState';
import { Icon, type IconName } from '../../components/ui/Icon';
import { ApiError } from '../../lib/api';
import { useErrorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import '../../components/ui/play-money.css';
import { launchGame } from './api';
import './games.css';

/**
 * Only https addresses, or the page's own protocol (http on a local demo), are framed; javascript:,
 * data: and the like never are.
 */
export function safeGameUrl(raw: string | null, origin: string): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, origin);
    const page = new URL(origin);
    if (url.protocol === 'https:' || url.origin === origin || url.protocol === page.protocol)
      return url.toString();
  } catch {
    return null;
  }
  return null;
}

/** The game id of `/game?gameId=`; anything else is no game. */
export function gameIdParam(raw: string | null): number | null {
  if (!raw || !/^[1-9][0-9]{0,15}$/.test(raw)) return null;
  return Number(raw);
}

/**
 * /game (header only): launches `?gameId=` for the signed-in player and frames the vendor's page at
 * full height, with a back button, a loading veil until the frame has loaded, and the refusal (login,
 * trial account, game switched off, vendor down) when there is one. `?url=` frames a given address.
 */
export function GameFrame({ titleKey }: { titleKey: 'game' | 'seamless' }) {
  const { t, i18n } = useTranslation('games');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { openModal } = useModal();
  const errorMessage = useErrorMessage();
  const isLogin = useSession((s) => s.isLogin);
  const gameId = gameIdParam(params.get('gameId'));
  const [loaded, setLoaded] = useState(false);

  const launch = useQuery({
    queryKey: ['games', 'launch', gameId, i18n.language],
    queryFn: ({ signal }) => launchGame(gameId as number, i18n.language, signal),
    enabled: gameId !== null && isLogin,
    // A launch opens a vendor session: never reuse one from the cache or refetch behind the player.
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });

  const loggedOut = gameId !== null && !isLogin;
  // Once per visit: opening the modal changes the URL, and with it openModal, so an effect that opened
  // it on every run pushed history entries in a loop (a logged-out /game?gameId= never settled).
  const askedLogin = useRef(false);
  useEffect(() => {
    if (!loggedOut || askedLogin.current) return;
    askedLogin.current = true;
    openModal('login');
  }, [loggedOut, openModal]);

  const raw =
    gameId !== null ? (launch.data?.game_url ?? null) : (params.get('url') ?? params.get('gameUrl'));
  const url = safeGameUrl(raw, window.location.origin);
  // A free-play account opens the vendor's demo mode (the vendor's own play balance).
  const demo = url !== null && new URL(url).searchParams.get('demo') === '1';
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/'));

  const bar = (
    <div className="game-frame__bar">
      <button type="button" className="btn btn--ghost game-frame__back" onClick={back}>
        <Icon name="chevronLeft" size={18} />
        {t('frame.back')}
      </button>
      {launch.data ? <span className="game-frame__title">{launch.data.gameName}</span> : null}
      {demo ? (
        <span className="play-badge" data-testid="demo-badge">
          {t('frame.demo')}
        </span>
      ) : null}
    </div>
  );

  /** The frame's bar over a message with one action (log in, register, retry) instead of the game. */
  const message = (icon: IconName, title: string, text: string, label: string, onAction: () => void) => (
    <div className="game-frame game-frame--message">
      {bar}
      <EmptyState
        icon={icon}
        title={title}
        text={text}
        action={
          <button type="button" className="btn btn--primary" onClick={onAction}>
            {label}
          </button>
        }
      />
    </div>
  );

  if (gameId === null && !url) {
    return <EmptyState icon="RNG" title={t(`frame.${titleKey}EmptyTitle`)} text={t('frame.emptyText')} />;
  }
  if (loggedOut || (launch.error instanceof ApiError && launch.error.status === 401)) {
    return message('lock', t('frame.loginTitle'), t('frame.loginText'), t('frame.login'), () =>
      openModal('login'),
    );
  }
  if (launch.error instanceof ApiError && launch.error.code === 'AUTH_TRIAL_ACCOUNT') {
    // Free play, and this vendor has no demo mode: the game needs a real account.
    return message('lock', t('frame.realAccountTitle'), t('frame.realAccountText'), t('frame.register'), () =>
      openModal('register'),
    );
  }
  if (launch.isError || (gameId !== null && launch.data && !url)) {
    return message(
      'RNG',
      t('frame.errorTitle'),
      launch.isError ? errorMessage(launch.error) : t('frame.badAddress'),
      t('retry'),
      () => void launch.refetch(),
    );
  }
  return (
    <div className="game-frame">
      {bar}
      <div className="game-frame__stage">
        {!loaded ? (
          <div className="game-frame__loading" role="status">
            <span className="game-frame__spinner" aria-hidden="true" />
            <span>{t('frame.loading')}</span>
          </div>
        ) : null}
        {url ? (
          <iframe
            src={url}
            title={t(`frame.${titleKey}Title`)}
            allow="autoplay; fullscreen"
            allowFullScreen
            referrerPolicy="no-referrer"
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
            onLoad={() => setLoaded(true)}
          />
        ) : null}
      </div>
    </div>
  );
}

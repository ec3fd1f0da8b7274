import type { Game, LaunchGameValue } from '@sorte/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useModal } from '../../lib/modal-url';
import { ApiError } from '../../lib/api';
import { useErrorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { launchGame } from './api';

/**
 * Spec §2 'Game launch rules' for one game: in-house games open their in-app screen (the path the
 * launch answers), every vendor game opens /game, which launches it and frames the vendor's page
 * under the header.
 */
export function gameDestination(
  game: Pick<Game, 'gameId' | 'launchKind'>,
  launched?: LaunchGameValue,
): string {
  if (game.launchKind === 'inhouse' && launched?.game_url.startsWith('/')) return launched.game_url;
  return `/game?gameId=${game.gameId}`;
}

/**
 * Clicking a tile: logged out opens the login popup; logged in launches — in-house games first ask
 * the server (which checks the account and records the recent game), vendor games go to /game.
 */
export function useOpenGame() {
  const { i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const isLogin = useSession((s) => s.isLogin);
  const { openModal } = useModal();
  const navigate = useNavigate();
  const [pending, setPending] = useState<number | null>(null);

  const open = useCallback(
    async (game: Game) => {
      if (!isLogin) {
        openModal('login');
        return;
      }
      if (game.launchKind !== 'inhouse') {
        navigate(gameDestination(game));
        return;
      }
      setPending(game.gameId);
      try {
        navigate(gameDestination(game, await launchGame(game.gameId, i18n.language)));
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) openModal('login');
        else toast(errorMessage(error), 'error');
      } finally {
        setPending(null);
      }
    },
    [isLogin, openModal, navigate, i18n.language, errorMessage],
  );
  return { open, pending };
}

import { type LaunchGameQuery, type LaunchGameValue, TRIAL_TYPE } from '@sorte/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findVisibleGame, recordRecent } from './catalog.repository.ts';
import { VN_LOTTERY_VENDOR } from './catalog.seed.ts';
import { type Language, nameIn } from './catalog.service.ts';
import { launchVendorGame } from './vendor-launch.ts';

/**
 * Game launch (spec §2 'Game launch rules'): a signed-in player, a game the merchant offers, and —
 * for a trial (free play) account — a vendor that allows free play. In-house games open in the app
 * (`/inhouse/<code>`); vendor games at the address the vendor session gives. Every launch moves the
 * game to the front of the player's recent games.
 */

export interface Launcher {
  merchantId: string;
  memberId: string;
  currency: string;
  /** Member type; TRIAL_TYPE is a free-play account. */
  type: number;
  mustChangePassword: boolean;
}

export async function launchGame(
  ctx: AppContext,
  player: Launcher,
  query: LaunchGameQuery,
  language: Language,
): Promise<LaunchGameValue> {
  const vendor = query.vassalage ?? query.vendor;
  if (query.gameId === undefined && !(vendor && (query.nodeId || query.gameCode)))
    throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'gameId', key: 'required' }] });
  const game = await findVisibleGame(ctx.db, player.merchantId, {
    gameId: query.gameId,
    vendor,
    nodeId: query.nodeId,
    code: query.gameCode,
  });
  if (!game) throw new AppError('GAME_NOT_FOUND');
  const trial = player.type === TRIAL_TYPE;
  if (trial && !game.free_play) throw new AppError('AUTH_TRIAL_ACCOUNT', { key: 'in_need_true_account' });
  // Checked here too (not only for money calls): a vendor session would let the player bet.
  if (!trial && player.mustChangePassword) throw new AppError('AUTH_PASSWORD_CHANGE_REQUIRED');

  const gameUrl =
    game.launch_kind === 'inhouse'
      ? inAppPath(game)
      : await vendorUrl(ctx, {
          merchantId: player.merchantId,
          memberId: player.memberId,
          currency: player.currency,
          vendor: game.vendor,
          gameCode: game.code,
          language,
          trial,
          category: game.game_type,
        });
  await recordRecent(ctx.db, {
    merchantId: player.merchantId,
    memberId: player.memberId,
    gameId: game.id,
    at: ctx.clock.now(),
  });
  return {
    game_url: gameUrl,
    game_url2: null,
    gameId: Number(game.id),
    nodeId: game.node_id,
    vendor: game.vendor,
    gameCode: game.code,
    gameName: nameIn(game.names, language),
    gameType: game.game_type,
    launchKind: game.launch_kind,
  };
}

/**
 * Where an in-house game opens in the app (spec §2): the Vietnamese lottery on /vnlottery with its
 * gameCode, the other lotteries on /lottery with gameCode and — when the game has one — its
 * default playType, the originals on /inhouse/<code>.
 */
export function inAppPath(game: {
  vendor: string;
  code: string;
  game_type: string;
  default_play_type: string | null;
}): string {
  if (game.vendor === VN_LOTTERY_VENDOR) return `/vnlottery?gameCode=${encodeURIComponent(game.code)}`;
  if (game.game_type === 'LOTT' || game.game_type === 'ELOTT') {
    const query = new URLSearchParams({ gameCode: game.code });
    if (game.default_play_type) query.set('playType', game.default_play_type);
    return `/lottery?${query}`;
  }
  return `/inhouse/${game.code}`;
}

/** The vendor's address; a vendor-side failure is GAME_LAUNCH_FAILED (logged), never a bare 500. */
async function vendorUrl(ctx: AppContext, input: Parameters<typeof launchVendorGame>[1]): Promise<string> {
  try {
    return (await launchVendorGame(ctx, input)).gameUrl;
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.log.warn({ err: error, vendor: input.vendor, gameCode: input.gameCode }, 'vendor launch failed');
    throw new AppError('GAME_LAUNCH_FAILED');
  }
}

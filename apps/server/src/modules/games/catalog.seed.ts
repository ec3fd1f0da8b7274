import type { GameType, LaunchKind } from '@sorte/contracts';
import type { Db } from '../../platform/database/database.ts';

/** The in-house vendor: our provably-fair games and our slot. */
export const INHOUSE_VENDOR = 'SORTE';
/** Kept equal to games.seed.ts's REFERENCE_VENDOR (not imported, so the two seeds do not form a cycle). */
const REFERENCE = 'sorte-ref';
/** The lottery module's fast draws and Vietnamese lottery, as catalog vendors. */
export const FAST_LOTTERY_VENDOR = 'SORTE_LOTTO';
export const VN_LOTTERY_VENDOR = 'TCG_LOTTO_VN';

interface SeedVendor {
  code: string;
  name: string;
  category: GameType;
  launchKind: LaunchKind;
  /** Free play: trial accounts may open its games (play money in-house, the vendor's demo mode otherwise). */
  freePlay: boolean;
  popupList: boolean;
  sortOrder: number;
}

interface SeedGame {
  vendor: string;
  code: string;
  gameType: GameType;
  en: string;
  pt: string;
  classify: string;
  hot?: boolean;
  minBetMinor: number;
  lines?: number;
  /** Lottery games: the play type the lottery page opens on (spec: /lottery?gameCode&playType). */
  defaultPlayType?: string;
}

const VENDORS: SeedVendor[] = [
  {
    code: INHOUSE_VENDOR,
    name: 'Sorte',
    category: 'INHOUSE',
    launchKind: 'inhouse',
    // Free play: a trial account bets play money (a currency of its own in the ledger).
    freePlay: true,
    popupList: false,
    sortOrder: 0,
  },
  {
    code: REFERENCE,
    name: 'Sorte Reference',
    category: 'RNG',
    launchKind: 'seamless',
    // Its demo mode: a trial account opens the game on the vendor's own play balance, without a
    // wallet session (vendor-launch.ts); real accounts bet through the seamless wallet.
    freePlay: true,
    popupList: false,
    sortOrder: 10,
  },
  {
    // Our fast-draw lotteries (the lottery module); they open on /lottery, never a vendor session.
    code: FAST_LOTTERY_VENDOR,
    name: 'Sorte Loto',
    category: 'ELOTT',
    launchKind: 'inhouse',
    freePlay: true,
    popupList: false,
    sortOrder: 20,
  },
  {
    // The Vietnamese lottery (the lottery module's vn/): one game, opened on /vnlottery.
    code: VN_LOTTERY_VENDOR,
    name: 'Sorte Xổ Số',
    category: 'LOTT',
    launchKind: 'inhouse',
    freePlay: true,
    popupList: false,
    sortOrder: 30,
  },
];

/**
 * The demo merchant's fast-draw games as the lobbies list them: code = the lottery game's code and
 * its default play type, kept equal to lottery.seed.ts's DEMO_LOTTERY_GAMES (not imported: the
 * catalog does not depend on the lottery module; lottery.routes.test.ts compares the two).
 */
function fastLottery(code: string, en: string, pt: string, classify: string, playType: string): SeedGame {
  return {
    vendor: FAST_LOTTERY_VENDOR,
    code,
    gameType: 'ELOTT',
    en,
    pt,
    classify,
    hot: code.endsWith('_1M'),
    minBetMinor: 10,
    defaultPlayType: playType,
  };
}
const FAST_LOTTERY_GAMES: SeedGame[] = [
  fastLottery('FD5_1M', 'Fast 5D 1 min', 'Rápido 5D 1 min', '5d', '5D_POSITION'),
  fastLottery('FD5_3M', 'Fast 5D 3 min', 'Rápido 5D 3 min', '5d', '5D_POSITION'),
  fastLottery('FD5_5M', 'Fast 5D 5 min', 'Rápido 5D 5 min', '5d', '5D_POSITION'),
  fastLottery('K3_1M', 'Fast 3 Dice 1 min', 'Rápido 3 Dados 1 min', 'k3', 'K3_SUM'),
  fastLottery('K3_3M', 'Fast 3 Dice 3 min', 'Rápido 3 Dados 3 min', 'k3', 'K3_SUM'),
  fastLottery('PK10_1M', 'Fast Race 10 1 min', 'Corrida 10 Rápida 1 min', 'pk10', 'PK10_POSITION'),
  fastLottery('PK10_5M', 'Fast Race 10 5 min', 'Corrida 10 Rápida 5 min', 'pk10', 'PK10_POSITION'),
  fastLottery('SD11_3M', 'Fast 11 Pick 5 3 min', 'Rápido 11 Escolha 5 3 min', '11x5', '11X5_ANY_5'),
];

const GAMES: SeedGame[] = [
  {
    vendor: INHOUSE_VENDOR,
    code: 'crash',
    gameType: 'INHOUSE',
    en: 'Crash',
    pt: 'Crash',
    classify: 'multiplayer',
    hot: true,
    minBetMinor: 10,
  },
  {
    vendor: INHOUSE_VENDOR,
    code: 'dice',
    gameType: 'INHOUSE',
    en: 'Dice',
    pt: 'Dados',
    classify: 'instant',
    hot: true,
    minBetMinor: 10,
  },
  {
    vendor: INHOUSE_VENDOR,
    code: 'limbo',
    gameType: 'INHOUSE',
    en: 'Limbo',
    pt: 'Limbo',
    classify: 'instant',
    minBetMinor: 10,
  },
  {
    vendor: INHOUSE_VENDOR,
    code: 'mines',
    gameType: 'INHOUSE',
    en: 'Mines',
    pt: 'Minas',
    classify: 'strategy',
    hot: true,
    minBetMinor: 10,
  },
  {
    vendor: INHOUSE_VENDOR,
    code: 'plinko',
    gameType: 'INHOUSE',
    en: 'Plinko',
    pt: 'Plinko',
    classify: 'instant',
    hot: true,
    minBetMinor: 10,
  },
  {
    vendor: INHOUSE_VENDOR,
    code: 'keno',
    gameType: 'INHOUSE',
    en: 'Keno',
    pt: 'Keno',
    classify: 'instant',
    minBetMinor: 10,
  },
  {
    vendor: INHOUSE_VENDOR,
    code: 'wheel',
    gameType: 'INHOUSE',
    en: 'Wheel',
    pt: 'Roda',
    classify: 'instant',
    minBetMinor: 10,
  },
  {
    vendor: INHOUSE_VENDOR,
    code: 'hilo',
    gameType: 'INHOUSE',
    en: 'Hi-Lo',
    pt: 'Hi-Lo',
    classify: 'card',
    minBetMinor: 10,
  },
  {
    vendor: INHOUSE_VENDOR,
    code: 'carnaval',
    gameType: 'RNG',
    en: 'Carnaval Dourado',
    pt: 'Carnaval Dourado',
    classify: 'slot',
    hot: true,
    minBetMinor: 20,
    lines: 20,
  },
  {
    vendor: REFERENCE,
    code: 'coin-flip',
    gameType: 'RNG',
    en: 'Coin Flip',
    pt: 'Cara ou Coroa',
    classify: 'coin',
    hot: true,
    minBetMinor: 10,
  },
  {
    vendor: REFERENCE,
    code: 'lucky-sevens',
    gameType: 'RNG',
    en: 'Lucky Sevens',
    pt: 'Sete da Sorte',
    classify: 'slot',
    minBetMinor: 20,
    lines: 10,
  },
  {
    vendor: REFERENCE,
    code: 'lucky-card',
    gameType: 'LIVE',
    en: 'Lucky Card',
    pt: 'Carta da Sorte',
    classify: 'card',
    hot: true,
    minBetMinor: 100,
  },
  {
    vendor: REFERENCE,
    code: 'live-wheel',
    gameType: 'LIVE',
    en: 'Live Wheel',
    pt: 'Roda ao Vivo',
    classify: 'wheel',
    minBetMinor: 50,
  },
  {
    vendor: REFERENCE,
    code: 'deep-sea',
    gameType: 'FISH',
    en: 'Deep Sea Catch',
    pt: 'Pesca em Alto-Mar',
    classify: 'fish',
    hot: true,
    minBetMinor: 10,
  },
  {
    vendor: REFERENCE,
    code: 'high-card',
    gameType: 'PVP',
    en: 'High Card Duel',
    pt: 'Duelo de Carta Alta',
    classify: 'card',
    minBetMinor: 100,
  },
  ...FAST_LOTTERY_GAMES,
  {
    vendor: VN_LOTTERY_VENDOR,
    code: 'TCG_LOTTO_VN',
    gameType: 'LOTT',
    en: 'Vietnam Lottery',
    pt: 'Loteria do Vietnã',
    classify: 'vn',
    hot: true,
    minBetMinor: 100,
  },
];

/**
 * The demo catalog: the in-house vendor and the reference vendor with their games, both switched on
 * for the merchant. Idempotent: rows already there (and an operator's changes to them) are kept.
 */
export async function seedCatalog(db: Db, merchantId: string): Promise<void> {
  for (const v of VENDORS) {
    await db
      .insertInto('game_vendors')
      .values({
        code: v.code,
        name: v.name,
        category: v.category,
        icon_url: null,
        popup_list: v.popupList,
        free_play: v.freePlay,
        launch_kind: v.launchKind,
        sort_order: v.sortOrder,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    await db
      .insertInto('merchant_game_vendors')
      .values({
        merchant_id: merchantId,
        vendor: v.code,
        enabled: true,
        sort_order: v.sortOrder,
        updated_at: new Date(),
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'vendor']).doNothing())
      .execute();
  }
  await db
    .insertInto('games')
    .values(
      GAMES.map((g, i) => ({
        vendor: g.vendor,
        code: g.code,
        node_id: g.code,
        game_type: g.gameType,
        names: JSON.stringify({ en: g.en, 'pt-BR': g.pt }),
        icon_url: null,
        is_hot: g.hot ?? false,
        classify: g.classify,
        min_bet_minor: BigInt(g.minBetMinor),
        line_num: g.lines ?? null,
        default_play_type: g.defaultPlayType ?? null,
        sort_order: i * 10,
      })),
    )
    .onConflict((oc) => oc.columns(['vendor', 'code']).doNothing())
    .execute();
}

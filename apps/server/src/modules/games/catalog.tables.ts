import type { ColumnType, Generated } from 'kysely';
import type { GameType, LaunchKind } from '@sorte/contracts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A game vendor (spec: vassalage) of the shared catalog. */
export interface GameVendorsTable {
  code: string;
  name: string;
  /** Home category; its games may be filed under others (the in-house slot is RNG). */
  category: GameType;
  icon_url: string | null;
  /** The spec's VASSALAGE flag: its games open from a popup game list. */
  popup_list: Generated<boolean>;
  /** Trial (free play) accounts may launch its games. */
  free_play: Generated<boolean>;
  launch_kind: LaunchKind;
  sort_order: Generated<number>;
  created_at: Generated<Date>;
}

export interface GamesTable {
  id: Generated<bigint>;
  vendor: string;
  code: string;
  node_id: string;
  game_type: GameType;
  /** Display name per language: {"en": "...", "pt-BR": "..."}. */
  names: ColumnType<Record<string, string>, string, string>;
  /** A vendor-supplied icon; null means our generated art. */
  icon_url: string | null;
  is_hot: Generated<boolean>;
  classify: string | null;
  min_bet_minor: bigint | null;
  line_num: number | null;
  default_play_type: string | null;
  sort_order: Generated<number>;
  created_at: Generated<Date>;
}

export interface MerchantGameVendorsTable {
  merchant_id: string;
  vendor: string;
  enabled: Generated<boolean>;
  sort_order: Generated<number>;
  updated_at: Timestamp;
}

/** A merchant's exception for one game: switched off, or moved in the order. */
export interface MerchantGamesTable {
  merchant_id: string;
  game_id: bigint;
  enabled: Generated<boolean>;
  sort_order: number | null;
  updated_at: Timestamp;
}

export interface GameFavouritesTable {
  member_id: string;
  game_id: bigint;
  created_at: Timestamp;
}

export interface GameRecentTable {
  member_id: string;
  merchant_id: string;
  game_id: bigint;
  last_played_at: Timestamp;
  play_count: Generated<number>;
}

/** The game catalog's tables (migration 0045). */
export interface CatalogTables {
  game_vendors: GameVendorsTable;
  games: GamesTable;
  merchant_game_vendors: MerchantGameVendorsTable;
  merchant_games: MerchantGamesTable;
  game_favourites: GameFavouritesTable;
  game_recent: GameRecentTable;
}

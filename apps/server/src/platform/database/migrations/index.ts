import type { Kysely } from 'kysely';
import * as m0001 from './0001_system.ts';
import * as m0002 from './0002_members_auth.ts';
import * as m0010 from './0010_ledger.ts';
import * as m0011 from './0011_ledger_batch.ts';
import * as m0012 from './0012_ledger_history.ts';
import * as m0013 from './0013_ledger_batch_set.ts';
import * as m0014 from './0014_ledger_hot_path.ts';
import * as m0020 from './0020_cashier.ts';
import * as m0030 from './0030_backoffice.ts';
import * as m0040 from './0040_games_wallet.ts';
import * as m0041 from './0041_originals_seeds.ts';
import * as m0042 from './0042_originals_rounds.ts';
import * as m0043 from './0043_bet_records.ts';
import * as m0044 from './0044_games_seamless.ts';
import * as m0045 from './0045_games_catalog.ts';
import * as m0046 from './0046_originals_multistep.ts';
import * as m0047 from './0047_crash.ts';
import * as m0048 from './0048_lottery.ts';
import * as m0050 from './0050_lottery_vn.ts';
import * as m0051 from './0051_lottery_draws_by_merchant.ts';
import * as m0052 from './0052_lottery_vn_limits.ts';
import * as m0055 from './0055_operator_enrolment.ts';
import * as m0056 from './0056_default_password_hash.ts';
import * as m0057 from './0057_content_languages.ts';
import * as m0058 from './0058_free_play_vendors.ts';
import * as m0059 from './0059_bet_stream.ts';
import * as m0060 from './0060_agent_invite_links.ts';
import * as m0061 from './0061_agent_contracts.ts';
import * as m0062 from './0062_lean_bet_rows.ts';
import * as m0063 from './0063_agent_hourly_rollups.ts';
import * as m0064 from './0064_installation.ts';
import * as m0065 from './0065_agent_realtime_rounds.ts';
import * as m0066 from './0066_agent_notices.ts';
import * as m0067 from './0067_member_team_sizes.ts';
import * as m0068 from './0068_agent_team_daily.ts';
import * as m0069 from './0069_points_mall.ts';
import * as m0070 from './0070_sportsbook_feed.ts';
import * as m0071 from './0071_activity_applications.ts';
import * as m0072 from './0072_lean_bet_indexes.ts';
import * as m0073 from './0073_rebates.ts';
import * as m0074 from './0074_rebate_cost.ts';
import * as m0075 from './0075_points_fulfilment.ts';
import * as m0076 from './0076_sportsbook_bets.ts';
import * as m0077 from './0077_sportsbook_settlement.ts';
import * as m0078 from './0078_promotions.ts';
import * as m0079 from './0079_sportsbook_trading.ts';
import * as m0082 from './0082_reward_centre.ts';
import * as m0083 from './0083_abuse_limits.ts';

export interface Migration {
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was, not today's typed one
  up(db: Kysely<any>): Promise<void>;
}

/** Ordered; a migration, once released, is never edited — add a new one instead. */
export const MIGRATIONS: Migration[] = [
  { name: '0001_system', up: m0001.up },
  { name: '0002_members_auth', up: m0002.up },
  { name: '0010_ledger', up: m0010.up },
  { name: '0011_ledger_batch', up: m0011.up },
  { name: '0012_ledger_history', up: m0012.up },
  { name: '0013_ledger_batch_set', up: m0013.up },
  { name: '0014_ledger_hot_path', up: m0014.up },
  { name: '0020_cashier', up: m0020.up },
  { name: '0030_backoffice', up: m0030.up },
  { name: '0040_games_wallet', up: m0040.up },
  { name: '0041_originals_seeds', up: m0041.up },
  { name: '0042_originals_rounds', up: m0042.up },
  { name: '0043_bet_records', up: m0043.up },
  { name: '0044_games_seamless', up: m0044.up },
  { name: '0045_games_catalog', up: m0045.up },
  { name: '0046_originals_multistep', up: m0046.up },
  { name: '0047_crash', up: m0047.up },
  { name: '0048_lottery', up: m0048.up },
  { name: '0050_lottery_vn', up: m0050.up },
  { name: '0051_lottery_draws_by_merchant', up: m0051.up },
  { name: '0052_lottery_vn_limits', up: m0052.up },
  { name: '0055_operator_enrolment', up: m0055.up },
  { name: '0056_default_password_hash', up: m0056.up },
  { name: '0057_content_languages', up: m0057.up },
  { name: '0058_free_play_vendors', up: m0058.up },
  { name: '0059_bet_stream', up: m0059.up },
  { name: '0060_agent_invite_links', up: m0060.up },
  { name: '0061_agent_contracts', up: m0061.up },
  { name: '0062_lean_bet_rows', up: m0062.up },
  { name: '0063_agent_hourly_rollups', up: m0063.up },
  { name: '0064_installation', up: m0064.up },
  { name: '0065_agent_realtime_rounds', up: m0065.up },
  { name: '0066_agent_notices', up: m0066.up },
  { name: '0067_member_team_sizes', up: m0067.up },
  { name: '0068_agent_team_daily', up: m0068.up },
  { name: '0069_points_mall', up: m0069.up },
  { name: '0070_sportsbook_feed', up: m0070.up },
  { name: '0071_activity_applications', up: m0071.up },
  { name: '0072_lean_bet_indexes', up: m0072.up },
  { name: '0073_rebates', up: m0073.up },
  { name: '0074_rebate_cost', up: m0074.up },
  { name: '0075_points_fulfilment', up: m0075.up },
  { name: '0076_sportsbook_bets', up: m0076.up },
  { name: '0077_sportsbook_settlement', up: m0077.up },
  { name: '0078_promotions', up: m0078.up },
  { name: '0079_sportsbook_trading', up: m0079.up },
  { name: '0082_reward_centre', up: m0082.up },
  { name: '0083_abuse_limits', up: m0083.up },
];

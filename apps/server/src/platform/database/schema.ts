import type { Generated } from 'kysely';
import type { CrashTables } from '../../modules/crash/crash.tables.ts';
import type { LotteryTables } from '../../modules/lottery/lottery.tables.ts';
import type { VnLotteryTables } from '../../modules/lottery/vn/vn.tables.ts';
import type { RecordsTables } from '../../modules/records/records.tables.ts';
import type { BackofficeTables } from '../../modules/backoffice/backoffice.tables.ts';
import type { GamesTables } from '../../modules/games/games.tables.ts';
import type { AuthTables } from '../../modules/auth/auth.tables.ts';
import type { LedgerTables } from '../../modules/ledger/ledger.tables.ts';
import type { OriginalsTables } from '../../modules/originals/originals.tables.ts';
import type { MembersTables } from '../../modules/members/members.tables.ts';
import type { SportsbookTables } from '../../modules/sportsbook/sportsbook.tables.ts';
import type { SportsbookTradingTables } from '../../modules/sportsbook/sportsbook.trading.tables.ts';
import type { SystemTables } from '../../modules/system/system.tables.ts';
import type { WalletTables } from '../../modules/wallet/wallet.tables.ts';

/** The whole schema as Kysely sees it: each module declares its own tables beside its code. */
export interface Database
  extends SystemTables,
    MembersTables,
    AuthTables,
    LedgerTables,
    WalletTables,
    BackofficeTables,
    GamesTables,
    OriginalsTables,
    CrashTables,
    LotteryTables,
    VnLotteryTables,
    RecordsTables,
    SportsbookTables,
    SportsbookTradingTables {
  schema_migrations: { name: string; applied_at: Date };
  /** One row naming this database (migration 0064): the event bus's channel namespace. */
  installation: { id: Generated<string>; created_at: Generated<Date>; only_row: Generated<boolean> };
}

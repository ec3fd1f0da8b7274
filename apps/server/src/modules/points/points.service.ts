import type {
  DeliveryAddress,
  PointsBalance,
  PointsConfig,
  PointsConvertRequest,
  PointsItem,
  PointsItemCreate,
  PointsItemUpdate,
  PointsOperatorItem,
  PointsRedeemRequest,
  PointsRedemption,
  RedeemContact,
} from '@sorte/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { houseShardFor, memberAccountId, systemAccountId, transfer } from '../ledger/index.ts';
import { withPasswordChecked } from '../wallet/index.ts';

/**
 * The points mall: balances, items, redemptions and conversions. Points are kept in their own
 * journal (`points_entries`, idempotent per key, with the cached `points_accounts.balance`), not in
 * the money ledger: points are not money, the earning consumer may take points back below zero after
 * a void (the ledger refuses a negative member account), and points never mix with a currency's
 * sums. Cash only enters through the ledger (`bonus_pool` → the member's main, code 'bonus'), in the
 * same transaction as the points it costs.
 */

export interface PointsCaller {
  memberId: string;
  merchantId: string;
  currency: string;
}

interface SettingsRow {
  enabled: boolean;
  cash_enabled: boolean;
  convert_points: bigint;
  convert_cash_minor: bigint;
  convert_min_points: bigint;
  whatsapp_contact: string | null;
  zalo_contact: string | null;
}

const DEFAULT_SETTINGS: SettingsRow = {
  enabled: true,
  cash_enabled: false,
  convert_points: 100n,
  convert_cash_minor: 0n,
  convert_min_points: 100n,
  whatsapp_contact: null,
  zalo_contact: null,
};

export async function pointsSettings(db: Db, merchantId: string): Promise<SettingsRow> {
  const { rows } = await sql<SettingsRow>`
    select enabled, cash_enabled, convert_points, convert_cash_minor, convert_min_points, whatsapp_contact,
           zalo_contact
      from points_settings where merchant_id = ${merchantId}`.execute(db);
  return rows[0] ?? DEFAULT_SETTINGS;
}

/** Conversion is offered only when cash may be credited and the rate gives some. */
function convertRule(s: SettingsRow) {
  if (!s.cash_enabled || s.convert_cash_minor <= 0n) return null;
  return {
    points: Number(s.convert_points),
    cashMinor: Number(s.convert_cash_minor),
    minPoints: Number(s.convert_min_points),
  };
}

export async function pointsConfig(db: Db, merchantId: string, currency: string): Promise<PointsConfig> {
  const settings = await pointsSettings(db, merchantId);
  const { rows } = await sql<{ category: string; stake_unit_minor: bigint; points_per_unit: bigint }>`
    select category, stake_unit_minor, points_per_unit from points_rates
     where merchant_id = ${merchantId} and points_per_unit > 0 order by category`.execute(db);
  return {
    enabled: settings.enabled,
    cashEnabled: settings.cash_enabled,
    currency,
    rates: rows.map((r) => ({
      category: r.category,
      stakeUnitMinor: Number(r.stake_unit_minor),
      pointsPerUnit: Number(r.points_per_unit),
    })),
    convert: convertRule(settings),
    contacts: { whatsapp: settings.whatsapp_contact, zalo: settings.zalo_contact },
  };
}

interface ItemRow {
  id: bigint;
  kind: 'cash' | 'goods';
  names: PointsItem['names'];
  descriptions: Partial<PointsItem['descriptions']>;
  image_url: string | null;
  cost_points: bigint;
  cash_minor: bigint | null;
  stock: number | null;
  redeemed: number;
  active: boolean;
}

function itemView(r: ItemRow): PointsItem {
  return {
    id: Number(r.id),
    kind: r.kind,
    names: r.names,
    descriptions: { en: r.descriptions.en ?? '', 'pt-BR': r.descriptions['pt-BR'] ?? '' },
    imageUrl: r.image_url,
    costPoints: Number(r.cost_points),
    cashMinor: r.cash_minor === null ? null : Number(r.cash_minor),
    stock: r.stock,
    redeemed: r.redeemed,
  };
}

const ITEM_COLUMNS = sql`id, kind, names, descriptions, image_url, cost_points, cash_minor, stock, redeemed, active`;

/** The items a player sees: active ones; cash items only where the merchant allows cash. */
export async function listItems(db: Db, merchantId: string): Promise<PointsItem[]> {
  const settings = await pointsSettings(db, merchantId);
  if (!settings.enabled) return [];
  const { rows } = await sql<ItemRow>`
    select ${ITEM_COLUMNS} from points_items
     where merchant_id = ${merchantId} and active and (kind <> 'cash' or ${settings.cash_enabled})
     order by sort_order, id limit 200`.execute(db);
  return rows.map(itemView);
}

export async function pointsBalance(db: Db, memberId: string): Promise<PointsBalance> {
  const { rows } = await sql<{ balance: bigint; earned: bigint; spent: bigint }>`
    select balance, earned, spent from points_accounts where member_id = ${memberId}`.execute(db);
  const r = rows[0];
  return {
    balance: Number(r?.balance ?? 0n),
    earned: Number(r?.earned ?? 0n),
    spent: Number(r?.spent ?? 0n),
  };
}

export interface RedemptionRow {
  id: bigint;
  kind: 'cash' | 'goods' | 'convert';
  item_id: bigint | null;
  names: PointsItem['names'] | null;
  points: bigint;
  cash_minor: bigint | null;
  address: DeliveryAddress | null;
  contact: PointsRedemption['contact'];
  status: PointsRedemption['status'];
  created_at: Date;
}

export function redemptionView(r: RedemptionRow): PointsRedemption {
  return {
    id: Number(r.id),
    kind: r.kind,
    itemId: r.item_id === null ? null : Number(r.item_id),
    names: r.names,
    points: Number(r.points),
    cashMinor: r.cash_minor === null ? null : Number(r.cash_minor),
    address: r.address,
    contact: r.contact,
    status: r.status,
    createdAt: r.created_at.toISOString(),
  };
}

const REDEMPTION_SELECT = sql`
  select r.id, r.kind, r.item_id, i.names, r.points, r.cash_minor, r.address, r.contact, r.status, r.created_at
    from points_redemptions r left join points_items i on i.id = r.item_id`;

export async function redemptionHistory(
  db: Db,
  memberId: string,
  page: { pageNo: number; pageSize: number },
): Promise<{ list: PointsRedemption[]; total: number }> {
  const offset = (page.pageNo - 1) * page.pageSize;
  const { rows } = await sql<RedemptionRow>`${REDEMPTION_SELECT}
     where r.member_id = ${memberId} order by r.id desc limit ${page.pageSize} offset ${offset}`.execute(db);
  const { rows: count } = await sql<{ total: bigint }>`
    select count(*)::bigint as total from points_redemptions where member_id = ${memberId}`.execute(db);
  return { list: rows.map(redemptionView), total: Number(count[0]?.total ?? 0n) };
}

/** The earlier copy of a keyed request, checked to be the same request. */
async function twinOf(
  db: Db,
  memberId: string,
  key: string,
  same: (r: RedemptionRow) => boolean,
): Promise<PointsRedemption | undefined> {
  const { rows } = await sql<RedemptionRow>`${REDEMPTION_SELECT}
     where r.member_id = ${memberId} and r.idempotency_key = ${key}`.execute(db);
  const twin = rows[0];
  if (!twin) return undefined;
  if (!same(twin)) throw new AppError('LEDGER_IDEMPOTENCY_CONFLICT');
  return redemptionView(twin);
}

/**
 * Takes `points` off the member's account (locked first, so a member's spends take turns) and
 * journals it. The balance never goes below zero through a spend.
 */
async function spendPoints(
  trx: Db,
  caller: PointsCaller,
  points: bigint,
  kind: 'redeem' | 'convert',
  key: string,
): Promise<void> {
  await sql`insert into points_accounts (merchant_id, member_id) values (${caller.merchantId}, ${caller.memberId})
    on conflict do nothing`.execute(trx);
  const { rows } = await sql<{ balance: bigint }>`
    select balance from points_accounts where member_id = ${caller.memberId} for update`.execute(trx);
  if ((rows[0]?.balance ?? 0n) < points) throw new AppError('POINTS_NOT_ENOUGH');
  await sql`update points_accounts set balance = balance - ${points}, spent = spent + ${points}, updated_at = now()
    where member_id = ${caller.memberId}`.execute(trx);
  await sql`insert into points_entries (merchant_id, member_id, delta, kind, idempotency_key)
    values (${caller.merchantId}, ${caller.memberId}, ${-points}, ${kind}, ${`${kind}:${caller.memberId}:${key}`})`.execute(
    trx,
  );
}

/** Cash from the merchant's bonus pool to the member's main wallet, keyed by the redemption. */
async function creditCash(trx: Db, caller: PointsCaller, amountMinor: bigint, key: string, what: string) {
  await transfer(trx, {
    merchantId: caller.merchantId,
    idempotencyKey: `points:${caller.memberId}:${key}`,
    code: 'bonus',
    debitAccountId: await systemAccountId(
      trx,
      caller.merchantId,
      'bonus_pool',
      caller.currency,
      houseShardFor(caller.memberId),
    ),
    creditAccountId: await memberAccountId(trx, caller.memberId, caller.merchantId, 'main', caller.currency),
    amountMinor,
    currency: caller.currency,
    metadata: { source: 'points', what },
  });
}

async function insertRedemption(
  trx: Db,
  caller: PointsCaller,
  values: {
    itemId: bigint | null;
    kind: 'cash' | 'goods' | 'convert';
    points: bigint;
    cashMinor: bigint | null;
    address: DeliveryAddress | null;
    contact?: RedeemContact | null;
    status: PointsRedemption['status'];
    key: string;
  },
): Promise<PointsRedemption> {
  const { rows } = await sql<{ id: bigint }>`
    insert into points_redemptions
      (merchant_id, member_id, item_id, kind, points, cash_minor, currency, address, contact, status, idempotency_key)
    values (${caller.merchantId}, ${caller.memberId}, ${values.itemId}, ${values.kind}, ${values.points},
      ${values.cashMinor}, ${values.cashMinor === null ? null : caller.currency},
      ${values.address === null ? null : JSON.stringify(values.address)}::jsonb,
      ${values.contact ? JSON.stringify(values.contact) : null}::jsonb, ${values.status}, ${values.key})
    returning id`.execute(trx);
  const { rows: view } = await sql<RedemptionRow>`${REDEMPTION_SELECT} where r.id = ${rows[0]!.id}`.execute(
    trx,
  );
  return redemptionView(view[0]!);
}

async function itemOf(db: Db, merchantId: string, itemId: number): Promise<ItemRow> {
  const { rows } = await sql<ItemRow>`
    select ${ITEM_COLUMNS} from points_items where id = ${itemId} and merchant_id = ${merchantId}`.execute(
    db,
  );
  const item = rows[0];
  if (!item?.active) throw new AppError('POINTS_ITEM_NOT_FOUND');
  return item;
}

/**
 * Redeems one item, on the withdrawal password, in one transaction under the member's row lock
 * (wallet's withPasswordChecked): the twin by key answers a retry; then the stock is taken by one
 * conditional update (`stock > 0`) — the item's row lock serialises concurrent redemptions and
 * PostgreSQL re-checks the condition on the row the winner left, so the last unit goes once; then the
 * points, then the cash of a cash item. Any refusal rolls all of it back.
 */
export async function redeemItem(
  db: Db,
  caller: PointsCaller,
  input: PointsRedeemRequest,
  now: Date,
): Promise<PointsRedemption> {
  const settings = await pointsSettings(db, caller.merchantId);
  if (!settings.enabled) throw new AppError('POINTS_DISABLED');
  const item = await itemOf(db, caller.merchantId, input.itemId);
  if (item.kind === 'cash' && !settings.cash_enabled) throw new AppError('POINTS_CASH_DISABLED');
  if (item.kind === 'goods' && !input.address) throw new AppError('POINTS_ADDRESS_REQUIRED');
  const address = item.kind === 'goods' ? (input.address ?? null) : null;
  const contact = contactFor(settings, input.contact);
  return withPasswordChecked(
    db,
    { memberId: caller.memberId, merchantId: caller.merchantId, password: input.withdrawalPassword, now },
    {
      replay: (trx) => twinOf(trx, caller.memberId, input.idempotencyKey, (r) => r.item_id === item.id),
      run: async (trx) => {
        // The cost and cash are the ones on the row this update locked: an operator's edit saved
        // while the member was typing the password is what the member pays and gets.
        const { rows } = await sql<{ id: bigint; cost_points: bigint; cash_minor: bigint | null }>`
          update points_items set stock = stock - 1, redeemed = redeemed + 1
           where id = ${item.id} and active and (stock is null or stock > 0)
           returning id, cost_points, cash_minor`.execute(trx);
        const taken = rows[0];
        if (!taken) throw new AppError('POINTS_OUT_OF_STOCK');
        await spendPoints(trx, caller, taken.cost_points, 'redeem', input.idempotencyKey);
        if (item.kind === 'cash')
          await creditCash(trx, caller, taken.cash_minor!, input.idempotencyKey, `item:${item.id}`);
        return insertRedemption(trx, caller, {
          itemId: item.id,
          kind: item.kind,
          points: taken.cost_points,
          cashMinor: taken.cash_minor,
          address,
          contact,
          // Goods wait for delivery (an operator marks them); cash is credited at once.
          status: item.kind === 'cash' ? 'approved' : 'processing',
          key: input.idempotencyKey,
        });
      },
    },
  );
}

/**
 * The redeem prompt's answer: where the merchant offers WhatsApp or Zalo, a redemption needs the
 * player's contact on one of the offered channels; where it offers neither, none is kept.
 */
function contactFor(settings: SettingsRow, contact: RedeemContact | undefined): RedeemContact | null {
  const offered = { whatsapp: settings.whatsapp_contact, zalo: settings.zalo_contact };
  if (!offered.whatsapp && !offered.zalo) return null;
  if (!contact || !offered[contact.channel]) throw new AppError('POINTS_CONTACT_REQUIRED');
  return { channel: contact.channel, handle: contact.handle };
}

/**
 * Converts points to cash at the merchant's rate: `convert_points` points buy `convert_cash_minor`.
 * Points go in whole steps of `convert_points`, so the cash is exact and no point is spent on a
 * fraction of a minor unit.
 */
export async function convertPoints(
  db: Db,
  caller: PointsCaller,
  input: PointsConvertRequest,
  now: Date,
): Promise<PointsRedemption> {
  const settings = await pointsSettings(db, caller.merchantId);
  if (!settings.enabled) throw new AppError('POINTS_DISABLED');
  const rule = convertRule(settings);
  if (!rule) throw new AppError('POINTS_CASH_DISABLED');
  const points = BigInt(input.points);
  if (points < settings.convert_min_points) throw new AppError('POINTS_BELOW_MINIMUM');
  if (points % settings.convert_points !== 0n)
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ field: 'points', key: 'step', params: { step: rule.points } }],
    });
  const cash = (points / settings.convert_points) * settings.convert_cash_minor;
  return withPasswordChecked(
    db,
    { memberId: caller.memberId, merchantId: caller.merchantId, password: input.withdrawalPassword, now },
    {
      replay: (trx) =>
        twinOf(
          trx,
          caller.memberId,
          input.idempotencyKey,
          (r) => r.kind === 'convert' && r.points === points,
        ),
      run: async (trx) => {
        await spendPoints(trx, caller, points, 'convert', input.idempotencyKey);
        await creditCash(trx, caller, cash, input.idempotencyKey, 'convert');
        return insertRedemption(trx, caller, {
          itemId: null,
          kind: 'convert',
          points,
          cashMinor: cash,
          address: null,
          status: 'approved',
          key: input.idempotencyKey,
        });
      },
    },
  );
}

// ---------------------------------------------------------------- operators

export async function operatorItems(
  db: Db,
  merchantId: string,
): Promise<(PointsItem & { active: boolean })[]> {
  const { rows } = await sql<ItemRow>`
    select ${ITEM_COLUMNS} from points_items where merchant_id = ${merchantId} order by sort_order, id`.execute(
    db,
  );
  return rows.map((r) => ({ ...itemView(r), active: r.active }));
}

export async function createItem(db: Db, merchantId: string, input: PointsItemCreate): Promise<PointsItem> {
  const { rows } = await sql<ItemRow>`
    insert into points_items (merchant_id, kind, names, descriptions, image_url, cost_points, cash_minor, stock, sort_order)
    values (${merchantId}, ${input.kind}, ${JSON.stringify(input.names)}::jsonb,
      ${JSON.stringify(input.descriptions ?? { en: '', 'pt-BR': '' })}::jsonb, ${input.imageUrl ?? null},
      ${input.costPoints}, ${input.cashMinor ?? null}, ${input.stock ?? null}, ${input.sortOrder ?? 0})
    returning ${ITEM_COLUMNS}`.execute(db);
  return itemView(rows[0]!);
}

/**
 * Edits an item under its row lock: names, descriptions, picture, cost, cash (cash items), the switch,
 * and the stock moved by a delta on the stock as it stands now. Redemptions take a unit by a
 * conditional update of the same row, so they wait for the edit and re-check `stock > 0` on what it
 * left (and an edit waits for them): the stock never goes below zero and no unit is sold twice.
 */
export async function updateItem(
  trx: Db,
  merchantId: string,
  itemId: number,
  change: PointsItemUpdate,
): Promise<{ before: PointsOperatorItem; after: PointsOperatorItem }> {
  const { rows: locked } = await sql<ItemRow>`
    select ${ITEM_COLUMNS} from points_items where id = ${itemId} and merchant_id = ${merchantId}
       for update`.execute(trx);
  const item = locked[0];
  if (!item) throw new AppError('POINTS_ITEM_NOT_FOUND');
  if (change.cashMinor !== undefined && item.kind !== 'cash')
    throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'cashMinor', key: 'invalid' }] });
  const delta = change.stockDelta ?? 0;
  if (item.stock !== null && item.stock + delta < 0)
    throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'stockDelta', key: 'invalid' }] });
  const json = (value: object | undefined) => (value === undefined ? null : JSON.stringify(value));
  const { rows } = await sql<ItemRow>`
    update points_items set
      stock = case when stock is null then null else stock + ${delta} end,
      active = coalesce(${change.active ?? null}::boolean, active),
      names = coalesce(${json(change.names)}::jsonb, names),
      descriptions = coalesce(${json(change.descriptions)}::jsonb, descriptions),
      image_url = case when ${change.imageUrl !== undefined}::boolean then ${change.imageUrl ?? null} else image_url end,
      cost_points = coalesce(${change.costPoints ?? null}::bigint, cost_points),
      cash_minor = coalesce(${change.cashMinor ?? null}::bigint, cash_minor)
     where id = ${itemId}
    returning ${ITEM_COLUMNS}`.execute(trx);
  const operatorView = (r: ItemRow) => ({ ...itemView(r), active: r.active });
  return { before: operatorView(item), after: operatorView(rows[0]!) };
}

/**
 * The points journal's invariants (beside the ledger's verify): each cached balance equals its
 * entries, earned and spent add up (a refund takes back from spent), each item's redeemed count
 * equals its redemptions not cancelled, and each cancelled redemption — and only those — has one
 * refund of its points.
 */
export async function verifyPoints(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const { rows: balances } = await sql<{ member_id: string }>`
    select a.member_id from points_accounts a
      left join (select member_id, sum(delta) as total,
                   sum(delta) filter (where kind = 'earn') as earned,
                   -sum(delta) filter (where kind <> 'earn') as spent
                   from points_entries group by member_id) e on e.member_id = a.member_id
     where a.balance <> coalesce(e.total, 0) or a.earned <> coalesce(e.earned, 0)
        or a.spent <> coalesce(e.spent, 0) or a.balance <> a.earned - a.spent`.execute(db);
  for (const r of balances) problems.push(`points balance of ${r.member_id} differs from its entries`);
  const { rows: items } = await sql<{ id: bigint }>`
    select i.id from points_items i
      left join (select item_id, count(*) as n from points_redemptions where status <> 'cancelled'
                  group by item_id) r on r.item_id = i.id
     where i.redeemed <> coalesce(r.n, 0)`.execute(db);
  for (const r of items) problems.push(`item ${r.id} redeemed count differs from its redemptions`);
  // A cancelled redemption has exactly one refund of its points; no other redemption has any.
  const { rows: refunds } = await sql<{ id: bigint }>`
    select r.id from points_redemptions r
      left join (select reference, count(*) as n, sum(delta) as total from points_entries
                  where kind = 'refund' group by reference) e on e.reference = 'redemption:' || r.id
     where (r.status = 'cancelled') <> (coalesce(e.n, 0) = 1 and e.total = r.points)
        or (r.status <> 'cancelled' and e.n is not null)`.execute(db);
  for (const r of refunds) problems.push(`redemption ${r.id} refunds differ from its status`);
  const { rows: orphans } = await sql<{ id: bigint }>`
    select e.id from points_entries e
     where e.kind = 'refund' and not exists (
       select 1 from points_redemptions r where 'redemption:' || r.id = e.reference and r.member_id = e.member_id)`.execute(
    db,
  );
  for (const r of orphans) problems.push(`refund entry ${r.id} has no redemption`);
  return problems;
}

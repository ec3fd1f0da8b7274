import { sql } from 'kysely';
import type { SeedContext } from '../../platform/context.ts';

const DEMO_CODE = 'demo';

/** One point per R$ 1 of valid stake on most games; live casino and sports earn at half that. */
const DEMO_RATES: [category: string, unitMinor: bigint, points: bigint][] = [
  ['INHOUSE', 100n, 1n],
  ['RNG', 100n, 1n],
  ['FISH', 100n, 1n],
  ['PVP', 100n, 1n],
  ['LOTT', 100n, 1n],
  ['ELOTT', 100n, 1n],
  ['LIVE', 200n, 1n],
  ['SPORTS', 200n, 1n],
  ['ESPORTS', 200n, 1n],
];

const DEMO_ITEMS = [
  {
    names: { 'pt-BR': 'Camiseta Sorte', en: 'Sorte T-shirt' },
    descriptions: { 'pt-BR': 'Algodão, tamanhos P a GG', en: 'Cotton, sizes S to XL' },
    cost: 800n,
    stock: 40,
  },
  {
    names: { 'pt-BR': 'Boné bordado', en: 'Embroidered cap' },
    descriptions: { 'pt-BR': 'Aba curva, ajustável', en: 'Curved brim, adjustable' },
    cost: 600n,
    stock: 25,
  },
  {
    names: { 'pt-BR': 'Fone Bluetooth', en: 'Bluetooth earbuds' },
    descriptions: { 'pt-BR': 'Com estojo de carga', en: 'With charging case' },
    cost: 3_500n,
    stock: 10,
  },
  {
    names: { 'pt-BR': 'Smartphone 128 GB', en: '128 GB smartphone' },
    descriptions: { 'pt-BR': 'Tela de 6,5", desbloqueado', en: '6.5" screen, unlocked' },
    cost: 60_000n,
    stock: 1,
  },
];

/**
 * The demo merchant's points mall (development only, like every seedDemo): rates per category and a
 * few goods. Cash stays off (the merchant is Brazilian, whose rules forbid bonuses — the strict
 * reading), so no cash item or conversion is offered. Idempotent: settings, rates and items are only
 * added when missing, so an operator's changes survive restarts.
 */
export async function seedDemoPointsMall(ctx: SeedContext): Promise<void> {
  const { rows } = await sql<{ id: string }>`select id from merchants where code = ${DEMO_CODE}`.execute(
    ctx.db,
  );
  const merchant = rows[0];
  if (!merchant) return;
  await sql`insert into points_settings (merchant_id) values (${merchant.id}) on conflict do nothing`.execute(
    ctx.db,
  );
  for (const [category, unit, points] of DEMO_RATES)
    await sql`insert into points_rates (merchant_id, category, stake_unit_minor, points_per_unit)
      values (${merchant.id}, ${category}, ${unit}, ${points}) on conflict do nothing`.execute(ctx.db);
  const { rows: existing } = await sql<{ n: bigint }>`
    select count(*)::bigint as n from points_items where merchant_id = ${merchant.id}`.execute(ctx.db);
  if ((existing[0]?.n ?? 0n) > 0n) return;
  for (const [order, item] of DEMO_ITEMS.entries())
    await sql`insert into points_items (merchant_id, kind, names, descriptions, cost_points, stock, sort_order)
      values (${merchant.id}, 'goods', ${JSON.stringify(item.names)}::jsonb, ${JSON.stringify(item.descriptions)}::jsonb,
        ${item.cost}, ${item.stock}, ${order})`.execute(ctx.db);
}

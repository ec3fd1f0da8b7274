import { randomBytes } from 'node:crypto';
import type { SeedContext } from '../../platform/context.ts';
import * as channels from './channels.repository.ts';
import type { NewChannel } from './channels.repository.ts';

const DEMO_CODE = 'demo';

/**
 * The demo merchant's cashier. Brazilian rules forbid a rollover on plain deposits, hence no deposit
 * turnover; two transfer-mode vendors give the wallet-transfer screens something to show.
 */
const DEMO_SETTINGS = {
  withdraw_min_minor: 2_000n,
  withdraw_max_minor: 5_000_000n,
  withdraw_daily_count: 5,
  auto_receipt_minutes: 30,
  deposit_turnover_bps: 0,
  single_wallet: false,
  transfer_vendors: JSON.stringify([
    { vendor: 'evo', name: 'Evolution' },
    { vendor: 'pp', name: 'Pragmatic Play' },
  ]),
};

type DemoChannel = Omit<NewChannel, 'merchant_id' | 'currency' | 'gateway_secret'>;

const DEMO_CHANNELS: DemoChannel[] = [
  {
    name: 'PIX instantâneo',
    type: 'gateway',
    gateway: 'sandbox',
    min_minor: 1_000n,
    max_minor: 5_000_000n,
    quick_amounts_minor: JSON.stringify([2_000, 5_000, 10_000, 20_000, 50_000, 100_000]),
    account: null,
    sort_order: 0,
  },
  {
    name: 'PIX manual',
    type: 'manual_pix',
    gateway: null,
    min_minor: 1_000n,
    max_minor: 5_000_000n,
    quick_amounts_minor: JSON.stringify([5_000, 10_000, 20_000, 50_000]),
    account: JSON.stringify({
      pixKeyType: 'cnpj',
      pixKey: '12.345.678/0001-90',
      holderName: 'Sorte Demo Entretenimento Ltda',
      bankName: 'Banco do Brasil',
    }),
    sort_order: 1,
  },
  {
    name: 'TED / transferência bancária',
    type: 'manual_bank',
    gateway: null,
    min_minor: 5_000n,
    max_minor: 5_000_000n,
    quick_amounts_minor: JSON.stringify([10_000, 20_000, 50_000, 100_000]),
    account: JSON.stringify({
      bankName: 'Banco do Brasil (001)',
      branch: '1234-5',
      accountNumber: '56789-0',
      holderName: 'Sorte Demo Entretenimento Ltda',
    }),
    sort_order: 2,
  },
];

/**
 * Idempotent at every start: the settings row and each channel (by name) are created only when
 * missing, so an operator's later changes survive restarts.
 */
export async function seedDemoCashier(ctx: SeedContext): Promise<void> {
  const merchant = await ctx.db
    .selectFrom('merchants')
    .select(['id', 'currency'])
    .where('code', '=', DEMO_CODE)
    .executeTakeFirst();
  if (!merchant) return;
  await ctx.db
    .insertInto('cashier_settings')
    .values({ merchant_id: merchant.id, ...DEMO_SETTINGS })
    .onConflict((oc) => oc.column('merchant_id').doNothing())
    .execute();
  for (const channel of DEMO_CHANNELS) {
    if (await channels.findChannelByName(ctx.db, merchant.id, channel.name)) continue;
    await channels.insertChannel(ctx.db, {
      ...channel,
      merchant_id: merchant.id,
      currency: merchant.currency,
      gateway_secret: channel.type === 'gateway' ? randomBytes(32).toString('hex') : null,
    });
  }
}

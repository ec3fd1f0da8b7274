import { randomUUID } from 'node:crypto';
import type { PromotionInput } from '@sorte/contracts';
import { sql } from 'kysely';
import type { SeedContext } from '../../platform/context.ts';
import { checkImage } from '../../platform/storage/upload-check.ts';
import { operatorRaffles } from '../rewards/index.ts';
import { type AssetCover, assetKey, readAsset } from './promotions.assets.ts';
import { createPromotion, setStatus } from './promotions.service.ts';

type Demo = Omit<PromotionInput, 'coverImageId' | 'raffleId'> & { cover: AssetCover };

const DAY = 86_400_000;

/**
 * Four promotions of the demo merchant in both languages (development only: seedDemo never runs in
 * production). The deposit bonus stays hidden while the merchant's bonus switch is off, as it is
 * by default — it shows what the switch does.
 */
function demoPromotions(now: Date): Demo[] {
  const start = new Date(now.getTime() - DAY).toISOString();
  const inDays = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
  return [
    {
      cover: 'welcome',
      type: 'free_content',
      category: 'new_player',
      audience: 'new_players',
      startsAt: start,
      endsAt: null,
      displayOrder: 1,
      vipLevels: [],
      agentAccount: null,
      memberAccounts: [],
      content: {
        en: {
          title: 'Welcome to Sorte',
          summary: 'Your first steps: sign up, verify your phone and try our provably fair originals.',
          body:
            '<h2>Start in three steps</h2><ol><li><strong>Create your account</strong> — it takes a minute.</li>' +
            '<li><strong>Verify your phone</strong> so withdrawals reach only you.</li>' +
            '<li><strong>Try the originals</strong>: every round can be checked in your browser.</li></ol>' +
            '<p>Play for fun and set your limits in the member centre. Need help? See ' +
            '<a href="https://www.gov.br/fazenda/pt-br/composicao/orgaos/secretaria-de-premios-e-apostas">the betting regulator</a>.</p>',
        },
        'pt-BR': {
          title: 'Bem-vindo à Sorte',
          summary:
            'Seus primeiros passos: cadastre-se, confirme seu telefone e experimente os originais comprovadamente justos.',
          body:
            '<h2>Comece em três passos</h2><ol><li><strong>Crie sua conta</strong> — leva um minuto.</li>' +
            '<li><strong>Confirme seu telefone</strong> para que os saques cheguem só a você.</li>' +
            '<li><strong>Experimente os originais</strong>: cada rodada pode ser conferida no seu navegador.</li></ol>' +
            '<p>Jogue por diversão e defina seus limites na central do membro. Precisa de ajuda? Veja ' +
            '<a href="https://www.gov.br/fazenda/pt-br/composicao/orgaos/secretaria-de-premios-e-apostas">o regulador de apostas</a>.</p>',
        },
      },
    },
    {
      cover: 'share',
      type: 'activity_application',
      category: 'casino',
      audience: 'all',
      startsAt: start,
      endsAt: inDays(30),
      displayOrder: 2,
      vipLevels: [],
      agentAccount: null,
      memberAccounts: [],
      content: {
        en: {
          title: 'Show us your best round',
          summary:
            'Send a screenshot of a great round in the originals; our team picks the best ones every week.',
          body:
            '<p>Had a round worth telling? <strong>Apply below</strong> with a short comment and up to three screenshots.</p>' +
            '<h3>Rules</h3><ul><li>PNG or JPG, up to 5 MB each.</li><li>One application under review at a time.</li>' +
            '<li>Our team answers within 48 hours.</li></ul>',
        },
        'pt-BR': {
          title: 'Mostre sua melhor rodada',
          summary:
            'Envie uma captura de uma grande rodada nos originais; nossa equipe escolhe as melhores toda semana.',
          body:
            '<p>Teve uma rodada que vale contar? <strong>Inscreva-se abaixo</strong> com um comentário curto e até três capturas de tela.</p>' +
            '<h3>Regras</h3><ul><li>PNG ou JPG, até 5 MB cada.</li><li>Uma inscrição em análise por vez.</li>' +
            '<li>Nossa equipe responde em até 48 horas.</li></ul>',
        },
      },
    },
    {
      cover: 'draw',
      type: 'raffle',
      category: 'general',
      audience: 'all',
      startsAt: start,
      endsAt: inDays(6),
      displayOrder: 3,
      vipLevels: [],
      agentAccount: null,
      memberAccounts: [],
      content: {
        en: {
          title: 'Daily lucky wheel',
          summary:
            'Spin the wheel every day for cash prizes up to R$ 50 — and once more for each deposit of R$ 50.',
          body:
            '<p>Bet <strong>R$ 10</strong> or more in a day and spin the wheel once the next day. Every deposit of <strong>R$ 50 or more</strong> gives one more spin, yours until the wheel ends.</p>' +
            '<ul><li>Cash prizes from R$ 0.50 to R$ 50, claimed in the reward centre within 7 days.</li>' +
            '<li>Each spin can be verified in your browser, like our lottery draws.</li></ul>',
        },
        'pt-BR': {
          title: 'Roleta da sorte diária',
          summary:
            'Gire a roleta todo dia por prêmios em dinheiro de até R$ 50 — e mais uma vez a cada depósito de R$ 50.',
          body:
            '<p>Aposte <strong>R$ 10</strong> ou mais em um dia e gire a roleta uma vez no dia seguinte. Cada depósito de <strong>R$ 50 ou mais</strong> dá mais um giro, seu até a roleta terminar.</p>' +
            '<ul><li>Prêmios em dinheiro de R$ 0,50 a R$ 50, resgatados na central de recompensas em até 7 dias.</li>' +
            '<li>Cada giro pode ser conferido no seu navegador, como nossos sorteios de loteria.</li></ul>',
        },
      },
    },
    {
      cover: 'bonus',
      type: 'deposit_bonus',
      category: 'new_player',
      audience: 'new_players',
      startsAt: start,
      endsAt: inDays(60),
      displayOrder: 4,
      vipLevels: [],
      agentAccount: null,
      memberAccounts: [],
      content: {
        en: {
          title: 'First deposit bonus',
          summary: '100% of your first deposit as a bonus, up to R$ 500. Wagering 20× the bonus.',
          body: '<p>Deposit and get <strong>100%</strong> as a bonus, up to R$ 500. Wagering 20× the bonus within 14 days, with bets of up to R$ 25 while wagering.</p>',
        },
        'pt-BR': {
          title: 'Bônus de primeiro depósito',
          summary: '100% do seu primeiro depósito em bônus, até R$ 500. Rollover de 20× o bônus.',
          body: '<p>Deposite e ganhe <strong>100%</strong> de bônus, até R$ 500. Rollover de 20× o bônus em 14 dias, com apostas de até R$ 25 durante o rollover.</p>',
        },
      },
    },
  ];
}

/** Seeds the demo merchant's promotions once (a later start finds them and changes nothing). */
export async function seedDemoPromotions(ctx: SeedContext): Promise<void> {
  const { rows } = await sql<{ id: string; has: boolean }>`
    select m.id::text as id, exists (select 1 from promotions p where p.merchant_id = m.id) as has
    from merchants m where m.code = 'demo'`.execute(ctx.db);
  const merchant = rows[0];
  if (!merchant || merchant.has) return;
  // The raffle promotion opens the demo's wheel (rewards.seed.ts runs first: the module order).
  const wheel = (await operatorRaffles(ctx.db, merchant.id)).find((r) => r.status === 'active');
  for (const demo of demoPromotions(ctx.clock.now())) {
    const { cover, ...input } = demo;
    const raffleId = input.type === 'raffle' && wheel ? wheel.id : null;
    // The shipped cover, checked like any upload, recorded under its asset key (promotions.assets.ts).
    const image = checkImage({ fileName: `${cover}.jpg`, bytes: readAsset(assetKey(cover))! }, 0);
    const imageId = randomUUID();
    await ctx.db.transaction().execute(async (trx) => {
      await sql`insert into promotion_images (id, merchant_id, storage_key, content_type, byte_size, width, height)
        values (${imageId}, ${merchant.id}, ${assetKey(cover)}, ${image.type}, ${image.bytes.length}, ${image.width},
          ${image.height})`.execute(trx);
      const created = await createPromotion(trx, merchant.id, { ...input, coverImageId: imageId, raffleId });
      await setStatus(trx, merchant.id, created.id, 'published');
    });
  }
}

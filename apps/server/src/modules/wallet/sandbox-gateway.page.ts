import { formatMinor } from '@sorte/money';

/** The sandbox gateway's hosted checkout page: plain HTML and inline CSS, no script (the CSP forbids inline JS). */

export type PageLanguage = 'pt-BR' | 'en';

const TEXT = {
  'pt-BR': {
    title: 'Pagamento de teste',
    banner: 'Ambiente de testes: nenhum dinheiro real é movimentado.',
    merchant: 'Estabelecimento',
    order: 'Pedido',
    amount: 'Valor',
    pay: 'Pagar',
    decline: 'Recusar',
    closed: 'Este pedido já foi processado.',
    back: 'Voltar ao site',
  },
  en: {
    title: 'Test payment',
    banner: 'Test environment: no real money moves.',
    merchant: 'Merchant',
    order: 'Order',
    amount: 'Amount',
    pay: 'Pay',
    decline: 'Decline',
    closed: 'This order has already been processed.',
    back: 'Back to the site',
  },
} as const;

export interface CheckoutView {
  language: PageLanguage;
  merchantName: string;
  orderNo: string;
  amountMinor: bigint;
  currency: string;
  currencySymbol: string;
  /** Where the form posts (this page's own address). */
  action: string;
  /** Pending at the gateway: the buttons are shown; otherwise a link back to the site. */
  open: boolean;
  returnUrl: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderCheckout(v: CheckoutView): string {
  const t = TEXT[v.language];
  const actions = v.open
    ? `<form method="post" action="${escapeHtml(v.action)}">
        <input type="hidden" name="lang" value="${v.language}">
        <button name="outcome" value="pay" class="pay">${t.pay}</button>
        <button name="outcome" value="decline" class="decline">${t.decline}</button>
      </form>`
    : `<p>${t.closed}</p><a href="${escapeHtml(v.returnUrl)}">${t.back}</a>`;
  return `<!doctype html>
<html lang="${v.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #f3f4f6; color: #111827; }
  main { max-width: 360px; margin: 48px auto; background: #fff; border-radius: 12px; padding: 24px;
    box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  .banner { background: #fef3c7; color: #92400e; padding: 8px 12px; border-radius: 8px; font-size: 14px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; }
  dt { color: #6b7280; } dd { margin: 0; text-align: right; font-weight: 600; }
  form { display: flex; gap: 12px; margin-top: 24px; }
  button { flex: 1; padding: 12px; font-size: 16px; border: 0; border-radius: 8px; cursor: pointer; }
  .pay { background: #16a34a; color: #fff; } .decline { background: #e5e7eb; color: #111827; }
</style>
</head>
<body>
<main>
  <h1>${t.title}</h1>
  <p class="banner">${t.banner}</p>
  <dl>
    <dt>${t.merchant}</dt><dd>${escapeHtml(v.merchantName)}</dd>
    <dt>${t.order}</dt><dd>${escapeHtml(v.orderNo)}</dd>
    <dt>${t.amount}</dt><dd>${escapeHtml(`${v.currencySymbol} ${formatMinor(v.amountMinor, v.currency, v.language)}`)}</dd>
  </dl>
  ${actions}
</main>
</body>
</html>`;
}

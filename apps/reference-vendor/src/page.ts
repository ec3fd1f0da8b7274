/**
 * The game page the platform frames: pick heads or tails, choose a stake, flip. Everything it shows
 * comes from this vendor's backend, which calls the platform; the page never sees the platform's API
 * or the merchant secret. Every catalog game of this vendor opens the same coin game under its title.
 */
const TEXT = {
  en: {
    heads: 'Heads',
    tails: 'Tails',
    stake: 'Stake',
    flip: 'Flip',
    balance: 'Balance',
    won: 'You won',
    lost: 'No luck — it was',
    opening: 'Opening your session…',
    error: 'Something went wrong',
    pays: 'Pays 1.96× the stake',
    demo: 'Demo mode · play balance',
  },
  'pt-BR': {
    heads: 'Cara',
    tails: 'Coroa',
    stake: 'Aposta',
    flip: 'Jogar',
    balance: 'Saldo',
    won: 'Você ganhou',
    lost: 'Não foi dessa vez — deu',
    opening: 'Abrindo sua sessão…',
    error: 'Algo deu errado',
    pays: 'Paga 1,96× a aposta',
    demo: 'Modo demonstração · saldo de teste',
  },
} as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function gameTitle(gameCode: string): string {
  const words = gameCode.replace(/[-_]+/g, ' ').trim();
  return words ? words.replace(/\b\w/g, (c) => c.toUpperCase()) : 'Lucky Coin';
}

export function playPage(lang: string, gameCode: string): string {
  const locale = lang.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en';
  const t = TEXT[locale];
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(gameTitle(gameCode))}</title>
<style>
  :root { color-scheme: dark; font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: radial-gradient(circle at 50% 20%, #2b1d5c, #0d0a1f 70%); color: #f3efff; }
  main { width: min(420px, 92vw); text-align: center; }
  h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
  .sub { opacity: .7; font-size: .85rem; margin-bottom: 1rem; }
  .coin { width: 120px; height: 120px; margin: 1rem auto; border-radius: 50%; display: grid; place-items: center; font-weight: 700; font-size: 1.1rem; background: linear-gradient(145deg, #ffd76a, #c7902b); color: #3b2500; box-shadow: 0 6px 24px #0008; transition: transform .6s; }
  .coin.spin { transform: rotateY(720deg); }
  .row { display: flex; gap: .5rem; justify-content: center; margin: .6rem 0; flex-wrap: wrap; }
  button { font: inherit; border: 0; border-radius: 10px; padding: .6rem 1rem; cursor: pointer; background: #3a2d72; color: #fff; }
  button[aria-pressed="true"] { background: #8a5cff; }
  button.flip { background: #21c07a; font-weight: 700; padding: .8rem 2.4rem; font-size: 1.05rem; }
  button:disabled { opacity: .5; cursor: default; }
  .balance { font-size: 1.1rem; margin: .5rem 0; }
  .msg { min-height: 1.4rem; margin-top: .6rem; }
  .label { opacity: .75; font-size: .8rem; }
  .demo { display: inline-block; margin-bottom: .5rem; padding: .2rem .6rem; border-radius: 999px; background: #ffd76a; color: #3b2500; font-size: .8rem; font-weight: 700; }
  .demo[hidden] { display: none; }
</style>
</head>
<body>
<main>
  <h1>${escapeHtml(gameTitle(gameCode))}</h1>
  <div class="sub">sorte-ref · ${t.pays}</div>
  <div class="demo" id="demo" hidden>${t.demo}</div>
  <div class="balance"><span class="label">${t.balance}</span> <strong id="balance">…</strong></div>
  <div class="coin" id="coin">?</div>
  <div class="row" id="sides">
    <button data-pick="heads" aria-pressed="true">${t.heads}</button>
    <button data-pick="tails" aria-pressed="false">${t.tails}</button>
  </div>
  <div class="label">${t.stake}</div>
  <div class="row" id="stakes">
    <button data-stake="100" aria-pressed="true">1</button>
    <button data-stake="500" aria-pressed="false">5</button>
    <button data-stake="1000" aria-pressed="false">10</button>
    <button data-stake="5000" aria-pressed="false">50</button>
  </div>
  <div class="row"><button class="flip" id="flip" disabled>${t.flip}</button></div>
  <div class="msg" id="msg" role="status">${t.opening}</div>
</main>
<script>
const T = ${JSON.stringify(t)};
const q = new URLSearchParams(location.search);
let sid = null, currency = '', pick = 'heads', stake = 100;
const $ = (id) => document.getElementById(id);
const money = (minor) => new Intl.NumberFormat(${JSON.stringify(locale)}, { style: 'currency', currency: currency || 'BRL' }).format(minor / 100);
async function api(path, body) {
  const r = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const a = await r.json().catch(() => ({}));
  if (!a.success) throw Object.assign(new Error(a.code || 'ERROR'), { details: a.details || {} });
  return a.value;
}
function choose(groupId, attr, set) {
  for (const b of $(groupId).querySelectorAll('button')) b.addEventListener('click', () => {
    for (const o of $(groupId).querySelectorAll('button')) o.setAttribute('aria-pressed', String(o === b));
    set(b.getAttribute(attr));
  });
}
choose('sides', 'data-pick', (v) => { pick = v; });
choose('stakes', 'data-stake', (v) => { stake = Number(v); });
$('flip').addEventListener('click', async () => {
  $('flip').disabled = true; $('msg').textContent = '';
  $('coin').classList.remove('spin'); void $('coin').offsetWidth; $('coin').classList.add('spin');
  try {
    const r = await api('/api/flip', { sid, pick, stakeMinor: stake });
    $('coin').textContent = T[r.outcome];
    $('balance').textContent = money(r.balanceMinor);
    $('msg').textContent = r.won ? T.won + ' ' + money(r.payoutMinor) : T.lost + ' ' + T[r.outcome];
    $('msg').dataset.result = r.won ? 'won' : 'lost';
  } catch (e) {
    $('msg').textContent = T.error + ' (' + e.message + ')';
    if (e.details && typeof e.details.balanceMinor === 'number') $('balance').textContent = money(e.details.balanceMinor);
  } finally { $('flip').disabled = false; }
});
const demo = q.get('demo') === '1';
$('demo').hidden = !demo;
api('/api/open', demo ? { demo: true, currency: q.get('currency'), game: q.get('game') } : { token: q.get('token'), merchant: q.get('merchant') })
  .then((s) => { sid = s.sid; currency = s.currency; $('balance').textContent = money(s.balanceMinor); $('msg').textContent = s.nickname; $('flip').disabled = false; })
  .catch((e) => { $('msg').textContent = T.error + ' (' + e.message + ')'; });
</script>
</body>
</html>`;
}

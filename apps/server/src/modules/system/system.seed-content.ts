// Demo content of the 'demo' merchant: banners, announcements and help entries in both languages.

const ASSETS = '/assets-brand';

interface DemoBanner {
  group_name: string;
  url: string;
  linkage_type: string;
  link: string | null;
  title: Record<string, string>;
  sort_order: number;
  enabled: boolean;
}

const home = (n: number, link: string, en: string, pt: string, art: string): DemoBanner => ({
  group_name: '/',
  url: `${ASSETS}/banner-${art}.svg`,
  linkage_type: 'internal',
  link,
  title: { en, 'pt-BR': pt },
  sort_order: n,
  enabled: true,
});

/**
 * One banner per page group; the file name is the group without its slash (w_reg for registration).
 * None for /sports or /esports: the demo merchant offers no betting, and a banner there promised it.
 */
const GROUP_TITLES: [group: string, file: string, en: string, pt: string][] = [
  ['/rng', 'rng', 'Thousands of slots', 'Milhares de slots'],
  ['/live', 'live', 'Live casino, real dealers', 'Cassino ao vivo, crupiês reais'],
  ['/fish', 'fish', 'Fishing games', 'Jogos de pesca'],
  ['/pvp', 'pvp', 'Card tables', 'Mesas de cartas'],
  ['/elott', 'elott', 'E-lottery draws', 'Sorteios de e-loteria'],
  ['/down', 'down', 'Get the app', 'Baixe o app'],
  ['/promotions', 'promotions', 'Promotions', 'Promoções'],
  ['/pointMall', 'pointMall', 'Points mall', 'Loja de pontos'],
  ['/help', 'help', 'How can we help?', 'Como podemos ajudar?'],
  ['w_reg', 'w_reg', 'Join Sorte today', 'Cadastre-se na Sorte hoje'],
  ['/inhouse', 'inhouse', 'Sorte originals', 'Originais Sorte'],
  ['/pge', 'pge', 'PG Soft games', 'Jogos PG Soft'],
];

/** The home carousel shows what the demo merchant really offers: no bonus or sports before they exist. */
export const DEMO_BANNERS: DemoBanner[] = [
  home(
    1,
    '/inhouse',
    'Sorte originals: provably fair games',
    'Originais Sorte: jogos com justiça comprovável',
    'inhouse',
  ),
  home(2, '/live', 'Live casino, 24 hours a day', 'Cassino ao vivo, 24 horas por dia', 'home-2'),
  home(3, '/elott', 'Fast draws every minute', 'Sorteios rápidos a cada minuto', 'elott'),
  ...GROUP_TITLES.map(
    ([group, file, en, pt]): DemoBanner => ({
      group_name: group,
      url: `${ASSETS}/banner-${file}.svg`,
      linkage_type: 'none',
      link: null,
      title: { en, 'pt-BR': pt },
      sort_order: 1,
      enabled: true,
    }),
  ),
];

type Texts = Record<'en' | 'pt-BR', string>;
interface DemoAnnouncement {
  type: 'B' | 'PL' | 'PU' | 'PR' | 'H';
  title: Texts;
  content: Texts;
}

export const DEMO_ANNOUNCEMENTS: DemoAnnouncement[] = [
  {
    type: 'PU',
    title: { en: 'Welcome to Sorte', 'pt-BR': 'Bem-vindo à Sorte' },
    content: {
      en: '<p>Welcome! Create your account in one minute and explore slots, live casino, our provably fair games and the lotteries.</p>',
      'pt-BR':
        '<p>Bem-vindo! Crie sua conta em um minuto e explore caça-níqueis, cassino ao vivo, nossos jogos com justiça comprovável e as loterias.</p>',
    },
  },
  {
    type: 'PR',
    title: { en: 'Verify every round', 'pt-BR': 'Confira cada rodada' },
    content: {
      en: '<p>Every round of our in-house games can be recomputed in your browser from its seeds: open Verify from any game.</p>',
      'pt-BR':
        '<p>Cada rodada dos nossos jogos próprios pode ser recalculada no seu navegador a partir das seeds: abra Verificar em qualquer jogo.</p>',
    },
  },
  {
    type: 'B',
    title: { en: 'Scheduled maintenance notice', 'pt-BR': 'Aviso de manutenção programada' },
    content: {
      en: '<p>Some games may be briefly unavailable on Tuesdays between 03:00 and 04:00 (BRT) for provider maintenance.</p>',
      'pt-BR':
        '<p>Alguns jogos podem ficar indisponíveis às terças entre 03:00 e 04:00 (BRT) para manutenção dos provedores.</p>',
    },
  },
  {
    type: 'H',
    title: { en: 'Play responsibly', 'pt-BR': 'Jogue com responsabilidade' },
    content: {
      en: '<p>Gambling is for adults (18+). Set limits, take breaks and never chase losses. Talk to support to pause your account.</p>',
      'pt-BR':
        '<p>Jogos de aposta são para maiores de 18 anos. Defina limites, faça pausas e nunca tente recuperar perdas. Fale com o suporte para pausar sua conta.</p>',
    },
  },
  {
    type: 'PL',
    title: { en: 'Our app is here', 'pt-BR': 'Nosso app chegou' },
    content: {
      en: '<p>Install the Sorte app for Android or iOS: scan the QR code in the download menu.</p>',
      'pt-BR': '<p>Instale o app Sorte para Android ou iOS: leia o QR code no menu de download.</p>',
    },
  },
];

export const DEMO_HELP: { title: Texts; content: Texts }[] = [
  {
    title: { en: 'How do I create an account?', 'pt-BR': 'Como crio uma conta?' },
    content: {
      en: 'Tap Register, choose a username and password, confirm you are 18 or older and accept the terms.',
      'pt-BR':
        'Toque em Cadastrar, escolha usuário e senha, confirme que tem 18 anos ou mais e aceite os termos.',
    },
  },
  {
    title: { en: 'How do I deposit?', 'pt-BR': 'Como faço um depósito?' },
    content: {
      en: 'Open Deposit from the header, choose a method and an amount, and follow the instructions.',
      'pt-BR': 'Abra Depósito no topo da página, escolha o método e o valor e siga as instruções.',
    },
  },
  {
    title: { en: 'How long do withdrawals take?', 'pt-BR': 'Quanto tempo leva um saque?' },
    content: {
      en: 'Most withdrawals are processed within 30 minutes once approved.',
      'pt-BR': 'A maioria dos saques é processada em até 30 minutos após a aprovação.',
    },
  },
  {
    title: { en: 'I forgot my password', 'pt-BR': 'Esqueci minha senha' },
    content: {
      en: 'Use "Forgot password" on the login window to reset it by email or by phone.',
      'pt-BR': 'Use "Esqueci a senha" na janela de login para redefini-la por e-mail ou telefone.',
    },
  },
  {
    title: { en: 'How do I become an affiliate?', 'pt-BR': 'Como me torno afiliado?' },
    content: {
      en: 'Talk to customer service: an agent account gets an invitation code and link, and earns on the players who sign up with it.',
      'pt-BR':
        'Fale com o atendimento: uma conta de agente recebe um código e um link de convite, e ganha com os jogadores que se cadastram por ele.',
    },
  },
  {
    title: { en: 'Responsible gaming', 'pt-BR': 'Jogo responsável' },
    content: {
      en: 'You can ask support for deposit limits or a pause of your account at any time.',
      'pt-BR': 'Você pode pedir ao suporte limites de depósito ou uma pausa da sua conta a qualquer momento.',
    },
  },
];

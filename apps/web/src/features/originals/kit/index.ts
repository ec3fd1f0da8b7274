/**
 * The shared kit of every in-house game screen (dice, limbo, wheel, plinko, keno, mines, hilo,
 * crash, the slot). Styles come with this door (kit.css); strings live in the `originals` namespace.
 *
 * Exports:
 * - Layout: `GameLayout` {game, title, controls, stage, footer?, badge?} — controls left/stage right
 *   on desktop, stage above controls on phones; `ControlField` (labelled row), `Segmented` (choice row),
 *   `NumberField` (number read back on blur/Enter, for linked values like multiplier ⇄ chance).
 * - Stake: `BetAmountInput` {value: bigint minor, onChange, disabled?, minMinor?, maxMinor?} with ½ / 2× /
 *   Max (balance-capped); `useStake(game)` → [minor, set] remembered per game; pure `clampAmount`,
 *   `halfAmount`, `doubleAmount`, `increaseByPercent`.
 * - Betting: `usePlaceBet<P>(game, {deferReveal?})` → {place(amountMinor, params), reveal(round),
 *   pending, error, clearError} for the POST /wps/originals/<game>/bet games: one idempotency key per
 *   intent, lost answers retried with the same key; the nonce advances at once, and the header
 *   balance and the recent list follow the round at once — or, with deferReveal, when the screen
 *   calls reveal(round) as its animation lands. Multi-step games (mines, hilo) and crash call their
 *   own routes but may reuse `useRecentStore().push`, `walletKeys` refresh and `useIntentKeys` the same way.
 * - Gate & errors: `PlayButton` {onPlay, pending?, disabled?, label?} (reads "Log in to play" and opens
 *   the login popup when logged out), `useLoginGate()` → {isLogin, requireLogin()}, `ErrorLine` {error}
 *   (translated errors:<CODE>).
 * - Fairness: `SeedPanel` {game} (hashed server seed, client seed, nonce, new client seed, rotate →
 *   the revealed seed with a verifier link), `useFairness()`, `useRotateSeeds()`, `useRevealedSeeds`.
 * - History: `RecentRounds` {game, describe?(round)} (this session's rounds, each with a Verify link),
 *   `useRecentRounds(game)`, `useRecentStore`.
 * - Auto-bet: `useAutoBet(play)` → {running, played, profitMinor, start(base, settings), stop},
 *   `AutoBetPanel` {settings, onChange, disabled?}, `DEFAULT_AUTO`, pure `nextAutoAmount`/`autoShouldStop`.
 * - `BetPanel` {stake, onStake, bet, params, onRound(round), children?, winMultiplier?, auto?, disabled?}:
 *   the whole control column of a single-round game (Manual/Auto tabs, stake, your fields, profit on
 *   win, play or start/stop auto, error) — dice/limbo/wheel/plinko/keno use it.
 * - Links & text: `verifyRoundHref(id)`, `verifyHref({game, serverSeed?, clientSeed?, nonce?, params?})`,
 *   `formatMultiplier(x)` → "2.00×"; `useCountUp()` → {value, run(target)} (log-scale counter);
 *   the API calls `fetchFairness`, `rotateSeeds`, `postBet`, `fetchRound`.
 *
 * A single-round screen (see ../dice/DiceScreen.tsx, ../wheel/WheelScreen.tsx):
 *   const [stake, setStake] = useStake('wheel');
 *   const bet = usePlaceBet<WheelParams>('wheel', { deferReveal: true });
 *   <GameLayout game="wheel" title={t('wheel.title')}
 *     controls={<BetPanel stake={stake} onStake={setStake} bet={bet} params={params}
 *                 onRound={spinTo}>…risk, segments…</BetPanel>}   // spinTo resolves when the wheel stops
 *     stage={<svg>…</svg>}
 *     footer={<><RecentRounds game="wheel" describe={…} /><SeedPanel game="wheel" /></>} />
 * A multi-step game builds its own controls from BetAmountInput, PlayButton and ErrorLine.
 * Route: page(() => import('./routes/InhouseWheel'), LAYOUTS.page, 'inhouse/wheel', ['originals']).
 */
import './kit.css';

export type { OriginalRound, FairnessState, RevealedSeedPair, BetGame } from './api';
export { fetchFairness, rotateSeeds, postBet, fetchRound, originalsKeys } from './api';
export { clampAmount, halfAmount, doubleAmount, increaseByPercent, type AmountBounds } from './amount';
export { useStake } from './stake';
export { usePlaceBet, type PlaceBet } from './place-bet';
export { useFairness, useRotateSeeds } from './fairness';
export { useRevealedSeeds } from './revealed';
export { useRecentRounds, useRecentStore } from './recent';
export {
  useAutoBet,
  nextAutoAmount,
  autoShouldStop,
  DEFAULT_AUTO,
  type AutoBetSettings,
  type AutoAdjust,
} from './autobet';
export { verifyHref, verifyRoundHref, formatMultiplier } from './verify-link';
export { GameLayout, ControlField, Segmented, type GameLayoutProps } from './GameLayout';
export { NumberField, type NumberFieldProps } from './NumberField';
export { BetAmountInput, type BetAmountInputProps } from './BetAmountInput';
export { SeedPanel } from './SeedPanel';
export { RecentRounds, type RecentRoundsProps } from './RecentRounds';
export { PlayButton, type PlayButtonProps } from './PlayButton';
export { ErrorLine } from './ErrorLine';
export { AutoBetPanel } from './AutoBetPanel';
export { BetPanel, type BetPanelProps } from './BetPanel';
export { useCountUp } from './count-up';

export { DiceScreen } from './DiceScreen';

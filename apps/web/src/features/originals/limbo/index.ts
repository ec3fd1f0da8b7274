export { LimboScreen } from './LimboScreen';

export { PlinkoScreen } from './PlinkoScreen';

export { HiloScreen } from './HiloScreen';

export { CrashScreen } from './CrashScreen';

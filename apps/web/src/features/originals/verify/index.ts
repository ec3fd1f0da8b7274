import '../kit/kit.css';

export { sha256Hex, webHmac } from '../../../lib/web-crypto';
export { VerifyPage } from './VerifyPage';
export { VERIFIERS, VERIFY_GAMES, type Verifier, type VerifyGame, outcomeMatches } from './verifiers';

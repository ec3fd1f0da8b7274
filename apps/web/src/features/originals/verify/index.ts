import '../kit/kit.css';

export { VerifyPage } from './VerifyPage';
export { VERIFIERS, VERIFY_GAMES, type Verifier, type VerifyGame, outcomeMatches } from './verifiers';
export { sha256Hex, webHmac } from './web-crypto';

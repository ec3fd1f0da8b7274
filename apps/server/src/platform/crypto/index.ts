export {
  decryptBody,
  decryptEnvelope,
  loadPayloadKeys,
  looksEncrypted,
  type PayloadKeys,
} from './payload-crypto.ts';

/** Event-bus channel carrying the code of a merchant whose configuration changed ('' for all). */
export const MERCHANT_CONFIG_CHANNEL = 'system.merchant-config';

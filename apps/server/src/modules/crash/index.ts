import type { ServerModule } from '../../platform/context.ts';

/** Crash: one shared round for every player of a merchant, over WebSocket, seeded by a hash chain. */
export const crashModule: ServerModule = {
  name: 'crash',
  async register() {},
};

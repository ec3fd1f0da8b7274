import type { ServerModule } from '../../platform/context.ts';

export const systemModule: ServerModule = {
  name: 'system',
  async register() {},
};

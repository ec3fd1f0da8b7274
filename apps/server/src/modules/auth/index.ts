import type { ServerModule } from '../../platform/context.ts';

export const authModule: ServerModule = {
  name: 'auth',
  async register() {},
};

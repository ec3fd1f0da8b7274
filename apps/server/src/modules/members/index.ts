import type { ServerModule } from '../../platform/context.ts';

export const membersModule: ServerModule = {
  name: 'members',
  async register() {},
};

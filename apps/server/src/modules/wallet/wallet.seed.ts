import type { SeedContext } from '../../platform/context.ts';

// Placeholder until the deposit channels land.
export async function seedDemoCashier(_ctx: SeedContext): Promise<void> {}

import type { SeedContext } from '../../platform/context.ts';

// Placeholder until the demo operators land.
export async function seedDemoOperators(_ctx: SeedContext): Promise<void> {}

import type { RegisterSetting } from '@sorte/contracts';
import { apiGet } from '../../lib/api';

/**
 * GET /wps/system/setting/register as a query. Its own small module so the router can prefetch it
 * for /register without pulling the rest of the auth feature into the main chunk.
 */
export const registerSettingQuery = {
  queryKey: ['auth', 'registerSetting'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    apiGet<RegisterSetting>('/wps/system/setting/register', { signal }),
  staleTime: 5 * 60_000,
};

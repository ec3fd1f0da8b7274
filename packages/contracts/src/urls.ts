import { z } from 'zod';
import { isBannerLink, isContactUrl, isSiteUrl } from './links.ts';

/** The schemas of operator-set addresses; the rules themselves are in links.ts. */
// The schemas accept http because the contracts are shared with development set-ups; the server
// refuses http in production (refuseHttpLinks in the system module) and the production web will not
// open it.
const address = z.string().min(1).max(2048);
export const siteUrl = address.refine((v) => isSiteUrl(v, true), { message: 'unsafe_url' });
export const contactUrl = address.refine((v) => isContactUrl(v, true), { message: 'unsafe_url' });
export const bannerLink = address.refine((v) => isBannerLink(v, true), { message: 'unsafe_url' });

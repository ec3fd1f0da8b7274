import { sql } from 'kysely';
import type { SeedContext } from '../../platform/context.ts';

/** The demo promotion players can apply to (until the promotions CMS of issue 17 item 1 exists). */
export const DEMO_ACTIVITY_ID = 'share-your-win';

/**
 * One promotion banner on the demo merchant whose `/promoDetail?id=share-your-win` page takes
 * applications. Inserted once (a later start finds it and changes nothing, an operator's edits stay).
 */
export async function seedDemoActivity(ctx: SeedContext): Promise<void> {
  await sql`
    insert into banners (merchant_id, group_name, url, linkage_type, link, title, sort_order, enabled)
    select m.id, 'promotion', '/assets-brand/banner-promotions.svg', 'promotion', ${DEMO_ACTIVITY_ID},
      ${JSON.stringify({ en: 'Share your big win', 'pt-BR': 'Compartilhe sua grande vitória' })}::jsonb, 1, true
    from merchants m
    where m.code = 'demo' and not exists (
      select 1 from banners b where b.merchant_id = m.id and b.linkage_type = 'promotion' and b.link = ${DEMO_ACTIVITY_ID})`.execute(
    ctx.db,
  );
}

import type { FastifyInstance } from 'fastify';

/** Forms are small; a larger urlencoded body is refused as too large. */
const FORM_BODY_LIMIT = 16_384;
const MAX_FORM_FIELDS = 50;

/**
 * POST /wps/member/password/email is posted as a form (spec §7). A small parser over
 * URLSearchParams is all it needs; the first value of a repeated key wins.
 */
export function installFormBody(app: FastifyInstance): void {
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      // No prototype: keys like __proto__ stay plain data.
      const fields: Record<string, string> = Object.create(null);
      let count = 0;
      for (const [key, value] of new URLSearchParams(body as string)) {
        if (++count > MAX_FORM_FIELDS) break;
        if (!Object.hasOwn(fields, key)) fields[key] = value;
      }
      done(null, fields);
    },
  );
}

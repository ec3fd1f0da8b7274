import { z } from 'zod';

type Schemas = {
  body?: z.ZodTypeAny;
  querystring?: z.ZodTypeAny;
  response?: z.ZodTypeAny;
  summary?: string;
  tags?: string[];
  /** 'operator': the shared x-operator-key; 'backoffice': an operator's signed-in session (bo-token). */
  auth?: 'member' | 'operator' | 'backoffice' | 'provider';
};

/**
 * Route documentation from the zod contracts. Fastify does not validate with these (zod does, in
 * the handler, through parseInput) — they feed the OpenAPI document served at /docs.
 */
export function doc(s: Schemas) {
  const json = (schema: z.ZodTypeAny) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return {
    summary: s.summary,
    tags: s.tags,
    ...(s.body ? { body: json(s.body) } : {}),
    ...(s.querystring ? { querystring: json(s.querystring) } : {}),
    ...(s.response
      ? {
          response: {
            200: {
              type: 'object',
              properties: { success: { type: 'boolean', const: true }, value: json(s.response) },
            },
          },
        }
      : {}),
    ...(s.auth === 'member'
      ? { security: [{ token: [] }] }
      : s.auth === 'operator'
        ? { security: [{ operatorKey: [] }] }
        : s.auth === 'backoffice'
          ? { security: [{ boToken: [] }] }
          : {}),
  };
}

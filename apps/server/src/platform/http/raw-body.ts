import type { FastifyInstance } from 'fastify';

/**
 * Registers routes in their own plugin scope that receive the body as the exact bytes sent, whatever
 * the content type: signed calls (payment gateways, game vendors) are verified over those bytes,
 * while the rest of the app keeps its JSON parsing.
 */
export async function withRawBody(
  app: FastifyInstance,
  bodyLimit: number,
  register: (scope: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) =>
      done(null, body),
    );
    await register(scope);
  });
}

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const defaultDist = fileURLToPath(new URL('../../../frontend/dist/', import.meta.url));
const uploadsDir = fileURLToPath(new URL('../../public/uploads/', import.meta.url));

/** Serves the built frontend (any unknown non-API path gets index.html) and the portfolio images. */
export default fp(
  async function frontend(app: FastifyInstance) {
    const dist = app.deps.config.FRONTEND_DIST ?? defaultDist;
    await app.register(fastifyStatic, { root: uploadsDir, prefix: '/uploads/', decorateReply: false });
    const hasBuild = existsSync(`${dist}/index.html`);
    if (hasBuild) await app.register(fastifyStatic, { root: dist, prefix: '/', wildcard: false });
    app.setNotFoundHandler((request, reply) => {
      if (request.method === 'GET' && hasBuild && !request.url.startsWith('/api/')) {
        return reply.code(200).type('text/html').sendFile('index.html', dist);
      }
      return reply
        .status(404)
        .send({ message: `No route ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
    });
  },
  { name: 'frontend', dependencies: ['deps'] },
);

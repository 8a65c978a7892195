import type { FastifyPluginAsync } from 'fastify';
import availabilityRoutes from './availability.routes';
import barberRoutes from './barbers.routes';
import reviewRoutes from './reviews.routes';
import searchRoutes from './search.routes';
import serviceRoutes from './services.routes';

/** The barber catalogue: barbers, services, availability blocks, slot search and reviews. */
const catalogRoutes: FastifyPluginAsync = async (app) => {
  await app.register(barberRoutes);
  await app.register(serviceRoutes);
  await app.register(availabilityRoutes);
  await app.register(searchRoutes);
  await app.register(reviewRoutes);
};

export default catalogRoutes;

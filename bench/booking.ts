import { addDaysLocal, addMinutesHHmm, todayLocal } from '@barber/shared';
import { getPostgreSQLEventStore, type PostgresEventStore } from '@event-driven-io/emmett-postgresql';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { SettingsStore } from '../backend/src/settings/store';
import {
  cpuBetween,
  freshDatabase,
  log,
  median,
  perSecond,
  postgresCpu,
  startServer,
  throughput,
  type BenchModule,
} from './kit';
import { login, seedBarbers, seedUsers } from './seed';

/*
 * A booking over HTTP (session, zod, checks, exclusion constraint, projections, answer) against the
 * peer's bare append: Emmett's appendToStream of one event to a new stream, on the same Postgres.
 * 32 clients each, rounds alternated so that noise hits both; the median round counts.
 */
const CLIENTS = 32;
const ROUND_MS = 4000;
const ROUNDS = 3;
const BARBERS = 300;
/** Slots of one barber on one day: 08:00-19:30 every hour (30-minute service + 30-minute travel buffer). */
const SLOTS_PER_DAY = 12;
const DAYS = 28;

export const bookingBench: BenchModule = {
  name: 'booking',
  run: async () => {
    const ours = await freshDatabase('booking');
    const peer = await freshDatabase('emmett');
    const server = await startServer(ours);
    let store: PostgresEventStore | undefined;
    try {
      await new SettingsStore(ours.sql).update({ feeCollectionEnabled: false, rateLimitEnabled: false });
      const barbers = await seedBarbers(ours.sql, BARBERS);
      const customers = await seedUsers(ours.sql, 'customer', CLIENTS);
      const cookies = await Promise.all(customers.map((c) => login(server.base, c.username)));
      store = getPostgreSQLEventStore(peer.url);
      await store.schema.migrate();

      // Every (barber, day, hour) once, shuffled across barbers so that clients rarely wait on one barber.
      let next = 0;
      const today = todayLocal();
      const nextBody = () => {
        const k = next++;
        const barber = barbers[k % BARBERS]!;
        const slot = Math.floor(k / BARBERS);
        const startTime = addMinutesHHmm('08:00', (slot % SLOTS_PER_DAY) * 60);
        const date = addDaysLocal(today, 1 + Math.floor(slot / SLOTS_PER_DAY));
        return JSON.stringify({
          barberId: barber.barberId,
          serviceId: barber.serviceId,
          date,
          startTime,
          endTime: addMinutesHHmm(startTime, 30),
          totalAmount: '35.00',
          zipcode: '33101',
        });
      };
      // autocannon, not fetch: Node's fetch costs the client more CPU than the server spends on a request.
      let round = 0;
      const book = async (durationMs: number) => {
        const result = await autocannon({
          url: server.base,
          connections: CLIENTS,
          duration: durationMs / 1000,
          requests: [
            {
              method: 'POST',
              path: '/api/bookings',
              setupRequest: (req: autocannon.Request) => ({
                ...req,
                headers: {
                  'content-type': 'application/json',
                  'x-requested-with': 'bench',
                  cookie: cookies[round++ % CLIENTS]!,
                },
                body: nextBody(),
              }),
            },
          ],
        });
        if (result.non2xx || result.errors)
          throw new Error(`booking bench: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
        return { perSecond: result.requests.average, p50: result.latency.p50 };
      };
      const append = async () => {
        await store!.appendToStream(`booking-${randomUUID()}`, [{ type: 'created', data: createdData() }], {
          expectedStreamVersion: 'STREAM_DOES_NOT_EXIST',
        });
      };

      log('booking: warming up');
      // Long enough for V8 to optimise both hot paths: a first round after 1 s still ran 30-50 % slower.
      await book(3000);
      await throughput(CLIENTS, 3000, append);
      const oursRounds: number[] = [];
      const peerRounds: number[] = [];
      const latencies: number[] = [];
      const cpuPerBooking: number[] = [];
      // Emmett runs in this process, alone during its rounds: this process's CPU is its CPU.
      const cpuPerAppend: number[] = [];
      // Postgres' sessions of each database, and autocannon (this process) during our rounds.
      const pgPerBooking: number[] = [];
      const pgPerAppend: number[] = [];
      const clientPerBooking: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const before = (await server.stats()).cpu;
        const pgBefore = await postgresCpu(ours.sql, ours.name);
        const clientBefore = process.cpuUsage();
        const a = await book(ROUND_MS);
        const clientUsed = process.cpuUsage(clientBefore);
        const pgUsed = cpuBetween(pgBefore, await postgresCpu(ours.sql, ours.name));
        const after = (await server.stats()).cpu;
        const booked = (a.perSecond * ROUND_MS) / 1000;
        cpuPerBooking.push((after.user + after.system - before.user - before.system) / booked);
        pgPerBooking.push(pgUsed / booked);
        clientPerBooking.push((clientUsed.user + clientUsed.system) / booked);
        const peerBefore = process.cpuUsage();
        const peerPgBefore = await postgresCpu(peer.sql, peer.name);
        const b = await throughput(CLIENTS, ROUND_MS, append);
        const peerPgUsed = cpuBetween(peerPgBefore, await postgresCpu(peer.sql, peer.name));
        const peerUsed = process.cpuUsage(peerBefore);
        const appended = (b.perSecond * ROUND_MS) / 1000;
        cpuPerAppend.push((peerUsed.user + peerUsed.system) / appended);
        pgPerAppend.push(peerPgUsed / appended);
        if (b.errors) throw new Error(`booking bench: ${b.errors} append errors`);
        oursRounds.push(a.perSecond);
        peerRounds.push(b.perSecond);
        latencies.push(a.p50);
        log(`booking: round ${r + 1}: ${perSecond(a.perSecond)} bookings vs ${perSecond(b.perSecond)} Emmett appends`);
      }
      if (next > BARBERS * SLOTS_PER_DAY * DAYS) throw new Error('booking bench ran out of distinct slots');
      const oursMedian = median(oursRounds);
      const peerMedian = median(peerRounds);
      const ratio = oursMedian / peerMedian;
      return {
        rows: [
          {
            figure: `\`POST /api/bookings\` over HTTP, ${CLIENTS} clients, distinct slots, fee collection off (bookings/s)`,
            ours: perSecond(oursMedian),
            anchor: `Emmett 0.42 \`appendToStream\` of one event to a new stream: ${perSecond(peerMedian)}`,
            ratio,
            goal: '≥ 1.0x',
            met: ratio >= 1,
            note: `median of ${ROUNDS} rounds of ${ROUND_MS / 1000} s, alternated (autocannon for the HTTP side, ${CLIENTS} connections, ${CLIENTS} signed-in customers); booking p50 ${latencies.map((l) => l.toFixed(1)).join(' / ')} ms`,
          },
        ],
        details: [
          `Rounds (ours / Emmett, per second): ${oursRounds.map((o, i) => `${Math.round(o)} / ${Math.round(peerRounds[i]!)}`).join(', ')}.`,
          `The backend process's CPU per booking (user + system, kernel socket work included), by round: ${cpuPerBooking.map((c) => `${Math.round(c)} µs`).join(', ')};`,
          `Emmett's process's CPU per append, by round: ${cpuPerAppend.map((c) => `${Math.round(c)} µs`).join(', ')}.`,
          `Postgres' CPU (its sessions of each database, from /proc) per booking: ${pgPerBooking.map((c) => `${Math.round(c)} µs`).join(', ')};`,
          `per Emmett append: ${pgPerAppend.map((c) => `${Math.round(c)} µs`).join(', ')}. The load generator (autocannon, in the bench`,
          `process) per booking: ${clientPerBooking.map((c) => `${Math.round(c)} µs`).join(', ')}. Median CPU per operation, all processes:`,
          `booking ${Math.round(median(cpuPerBooking) + median(pgPerBooking) + median(clientPerBooking))} µs, Emmett append ${Math.round(median(cpuPerAppend) + median(pgPerAppend))} µs.`,
          `A booking is 2 SQL round trips (one lookup of barber, service, the day's blocks and the people the answer names; one`,
          `statement that appends the event and writes \`bookings\` and \`barber_schedule\`; the answer is built from the two),`,
          `pinned by \`backend/src/bookings/roundTrips.int.test.ts\`.`,
        ].join('\n'),
      };
    } finally {
      await store?.close();
      await server.stop();
      await ours.drop();
      await peer.drop();
    }
  },
};

/** A payload the size of a real `created` event. */
function createdData() {
  return {
    bookingId: randomUUID(),
    customerId: 1,
    barberId: 1,
    serviceId: 1,
    date: '2026-12-01',
    startTime: '10:00',
    endTime: '10:30',
    durationMinutes: 30,
    travelBuffer: 30,
    totalAmount: 3500,
    platformFee: 0,
    barberAmount: 3500,
    feeCollectionEnabled: false,
    city: 'miami',
    displayCity: 'Miami',
    zipcode: '33101',
    notes: '',
  };
}

/**
 * A socket.io client that opens nothing, for tests whose subject is not the live connection:
 * `vi.mock('socket.io-client', () => import('../test/socketStub'))` (vi.mock stays in the test file,
 * where Vitest hoists it).
 */
export const io = () => ({
  on() {},
  off() {},
  connect() {},
  disconnect() {},
  removeAllListeners() {},
  io: { on() {}, removeAllListeners() {} },
});

export { RawBody, startFakeUpstream } from './fake-upstream.ts';
export type { Fault, FakeRequest, FakeResponse, FakeUpstream } from './fake-upstream.ts';
export { startPack } from './pack-harness.ts';
export type { PackHarness } from './pack-harness.ts';
export { connectRedis, startRedis } from './redis-server.ts';
export type { RunningRedis } from './redis-server.ts';

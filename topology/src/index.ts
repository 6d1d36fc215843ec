export { freePort } from './free-port.ts';
export { nginxBinary, renderNginx, startNginx, testNginxConfig, upstreamsVariable } from './nginx-process.ts';
export type { RenderOptions, RunningNginx, Upstreams } from './nginx-process.ts';
export { echoTarget, productTarget, selectTargets, PRODUCT_PACKS } from './pack-targets.ts';
export type { OfflineProbe, PackTarget } from './pack-targets.ts';
export { repoRoot, renderScript } from './repo.ts';
export { postRpc, toolCall } from './rpc.ts';
export { startService } from './service-process.ts';
export type { RunningService, ServiceSpec } from './service-process.ts';

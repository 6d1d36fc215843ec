"use strict";
var __assign = (this && this.__assign) || function () {
    __assign = Object.assign || function(t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
            s = arguments[i];
            for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p))
                t[p] = s[p];
        }
        return t;
    };
    return __assign.apply(this, arguments);
};
var __spreadArray = (this && this.__spreadArray) || function (to, from, pack) {
    if (pack || arguments.length === 2) for (var i = 0, l = from.length, ar; i < l; i++) {
        if (ar || !(i in from)) {
            if (!ar) ar = Array.prototype.slice.call(from, 0, i);
            ar[i] = from[i];
        }
    }
    return to.concat(ar || Array.prototype.slice.call(from));
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.echoTarget = exports.PRODUCT_PACKS = void 0;
exports.productTarget = productTarget;
exports.selectTargets = selectTargets;
var node_fs_1 = require("node:fs");
var node_url_1 = require("node:url");
var repo_ts_1 = require("./repo.ts");
/** The five packs of the product, each a service under services/<name>. */
exports.PRODUCT_PACKS = ['chain', 'concert', 'game', 'sports', 'quotes'];
// Packs that call the internet get upstream addresses where nothing listens: a test never leaves
// the machine, and tools/list needs no upstream anyway.
var NOWHERE = 'http://127.0.0.1:9';
var OFFLINE_UPSTREAMS = {
    ALCHEMY_URL_TEMPLATE: "".concat(NOWHERE, "/{network}/{key}"),
    CHAIN_RPC_URLS: JSON.stringify({ 'eth-mainnet': NOWHERE }),
    BANDSINTOWN_BASE_URL: NOWHERE,
    BRAWLSTARS_BASE_URL: NOWHERE,
    BRAWLIFY_BASE_URL: NOWHERE,
    THESPORTSDB_BASE_URL: NOWHERE,
};
var PROBES = {
    quotes: { tool: 'random_quote', arguments: {} },
    echo: { tool: 'echo', arguments: { text: 'probe' } },
};
function serviceEnv(replica) {
    return __assign({ PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', REPLICA_NAME: replica }, OFFLINE_UPSTREAMS);
}
/** The test-only echo pack (topology/test/fixtures/echo-service.ts): always available. */
exports.echoTarget = {
    name: 'echo',
    probe: PROBES.echo,
    service: function (replica) { return ({
        name: "echo/".concat(replica),
        command: process.execPath,
        args: [(0, node_url_1.fileURLToPath)(new URL('../test/fixtures/echo-service.ts', import.meta.url))],
        cwd: (0, node_url_1.fileURLToPath)(new URL('..', import.meta.url)),
        env: serviceEnv(replica),
    }); },
};
/** A product pack, started as `pnpm --filter @toolgate/<name> start` does: `node src/main.ts` in its directory. */
function productTarget(name) {
    var cwd = "".concat(repo_ts_1.repoRoot, "services/").concat(name);
    if (!(0, node_fs_1.existsSync)("".concat(cwd, "/src/main.ts")))
        throw new Error("no pack service at services/".concat(name, "/src/main.ts"));
    return {
        name: name,
        probe: PROBES[name],
        service: function (replica) { return ({ name: "".concat(name, "/").concat(replica), command: process.execPath, args: ['src/main.ts'], cwd: cwd, env: serviceEnv(replica) }); },
    };
}
/**
 * The packs the end-to-end run puts behind nginx: TOOLGATE_TOPOLOGY_PACKS (comma-separated
 * names, `echo` for the fixture) when set, otherwise the echo fixture plus every product pack
 * present in this checkout.
 */
function selectTargets(wanted) {
    var names = (wanted !== null && wanted !== void 0 ? wanted : '').split(',').map(function (name) { return name.trim(); }).filter(Boolean);
    if (names.length > 0)
        return names.map(function (name) { return (name === 'echo' ? exports.echoTarget : productTarget(name)); });
    var present = exports.PRODUCT_PACKS.filter(function (name) { return (0, node_fs_1.existsSync)("".concat(repo_ts_1.repoRoot, "services/").concat(name, "/src/main.ts")); });
    return __spreadArray([exports.echoTarget], present.map(productTarget), true);
}

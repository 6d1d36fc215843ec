"use strict";
var __awaiter = (this && this.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};
var __generator = (this && this.__generator) || function (thisArg, body) {
    var _ = { label: 0, sent: function() { if (t[0] & 1) throw t[1]; return t[1]; }, trys: [], ops: [] }, f, y, t, g = Object.create((typeof Iterator === "function" ? Iterator : Object).prototype);
    return g.next = verb(0), g["throw"] = verb(1), g["return"] = verb(2), typeof Symbol === "function" && (g[Symbol.iterator] = function() { return this; }), g;
    function verb(n) { return function (v) { return step([n, v]); }; }
    function step(op) {
        if (f) throw new TypeError("Generator is already executing.");
        while (g && (g = 0, op[0] && (_ = 0)), _) try {
            if (f = 1, y && (t = op[0] & 2 ? y["return"] : op[0] ? y["throw"] || ((t = y["return"]) && t.call(y), 0) : y.next) && !(t = t.call(y, op[1])).done) return t;
            if (y = 0, t) op = [op[0] & 2, t.value];
            switch (op[0]) {
                case 0: case 1: t = op; break;
                case 4: _.label++; return { value: op[1], done: false };
                case 5: _.label++; y = op[1]; op = [0]; continue;
                case 7: op = _.ops.pop(); _.trys.pop(); continue;
                default:
                    if (!(t = _.trys, t = t.length > 0 && t[t.length - 1]) && (op[0] === 6 || op[0] === 2)) { _ = 0; continue; }
                    if (op[0] === 3 && (!t || (op[1] > t[0] && op[1] < t[3]))) { _.label = op[1]; break; }
                    if (op[0] === 6 && _.label < t[1]) { _.label = t[1]; t = op; break; }
                    if (t && _.label < t[2]) { _.label = t[2]; _.ops.push(op); break; }
                    if (t[2]) _.ops.pop();
                    _.trys.pop(); continue;
            }
            op = body.call(thisArg, _);
        } catch (e) { op = [6, e]; y = 0; } finally { f = t = 0; }
        if (op[0] & 5) throw op[1]; return { value: op[0] ? op[1] : void 0, done: true };
    }
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
var index_ts_1 = require("../src/index.ts");
// The repository's nginx config, rendered for local ports, in front of two replicas of a pack
// started as separate processes: what a client sees through the proxy.
describe('a pack behind nginx', function () {
    var replicas = [];
    var nginx;
    var endpoint;
    beforeAll(function () { return __awaiter(void 0, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, Promise.all(['a', 'b'].map(function (name) { return (0, index_ts_1.startService)(index_ts_1.echoTarget.service(name)); }))];
                case 1:
                    replicas = _a.sent();
                    return [4 /*yield*/, (0, index_ts_1.startNginx)({ upstreams: { echo: replicas.map(function (replica) { return replica.address; }) } })];
                case 2:
                    nginx = _a.sent();
                    endpoint = "".concat(nginx.url, "/echo/mcp");
                    return [2 /*return*/];
            }
        });
    }); });
    afterAll(function () { return __awaiter(void 0, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (nginx === null || nginx === void 0 ? void 0 : nginx.stop())];
                case 1:
                    _a.sent();
                    return [4 /*yield*/, Promise.all(replicas.map(function (replica) { return replica.stop(); }))];
                case 2:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    }); });
    it('answers the spec bare call (only Content-Type) with the tool result as JSON', function () { return __awaiter(void 0, void 0, void 0, function () {
        var reply;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, index_ts_1.postRpc)(endpoint, (0, index_ts_1.toolCall)(1, 'echo', { text: 'hello' }))];
                case 1:
                    reply = _a.sent();
                    expect(reply.status).toBe(200);
                    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
                    expect(reply.json).toMatchObject({ jsonrpc: '2.0', id: 1, result: { structuredContent: { text: 'hello' } } });
                    expect(reply.json.result.isError).toBeFalsy();
                    return [2 /*return*/];
            }
        });
    }); });
    it('spreads calls over both replicas', function () { return __awaiter(void 0, void 0, void 0, function () {
        var seen, id, reply;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    seen = new Set();
                    id = 0;
                    _a.label = 1;
                case 1:
                    if (!(id < 12)) return [3 /*break*/, 4];
                    return [4 /*yield*/, (0, index_ts_1.postRpc)(endpoint, (0, index_ts_1.toolCall)(id, 'echo', { text: 'x' }))];
                case 2:
                    reply = _a.sent();
                    seen.add(reply.json.result.structuredContent.replica);
                    _a.label = 3;
                case 3:
                    id += 1;
                    return [3 /*break*/, 1];
                case 4:
                    expect(__spreadArray([], seen, true).sort()).toEqual(['a', 'b']);
                    return [2 /*return*/];
            }
        });
    }); });
    it('passes the caller request id through to the pack and back', function () { return __awaiter(void 0, void 0, void 0, function () {
        var reply;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, index_ts_1.postRpc)(endpoint, (0, index_ts_1.toolCall)(2, 'echo', { text: 'id' }), { 'x-request-id': 'client-req.42' })];
                case 1:
                    reply = _a.sent();
                    expect(reply.headers.get('x-request-id')).toBe('client-req.42');
                    expect(reply.json.result.structuredContent.requestId).toBe('client-req.42');
                    return [2 /*return*/];
            }
        });
    }); });
    it('generates one request id when the caller sends none (or an unusable one), shared with the pack', function () { return __awaiter(void 0, void 0, void 0, function () {
        var _i, _a, headers, reply, id;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    _i = 0, _a = [{}, { 'x-request-id': 'bad id with spaces; and more' }];
                    _b.label = 1;
                case 1:
                    if (!(_i < _a.length)) return [3 /*break*/, 4];
                    headers = _a[_i];
                    return [4 /*yield*/, (0, index_ts_1.postRpc)(endpoint, (0, index_ts_1.toolCall)(3, 'echo', { text: 'id' }), headers)];
                case 2:
                    reply = _b.sent();
                    id = reply.headers.get('x-request-id');
                    expect(id).toMatch(/^[0-9a-f]{32}$/);
                    expect(reply.json.result.structuredContent.requestId).toBe(id);
                    _b.label = 3;
                case 3:
                    _i++;
                    return [3 /*break*/, 1];
                case 4: return [2 /*return*/];
            }
        });
    }); });
    it('passes an SSE answer through when the client only accepts text/event-stream', function () { return __awaiter(void 0, void 0, void 0, function () {
        var reply, data;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, index_ts_1.postRpc)(endpoint, (0, index_ts_1.toolCall)(4, 'echo', { text: 'stream' }), { accept: 'text/event-stream' })];
                case 1:
                    reply = _a.sent();
                    expect(reply.status).toBe(200);
                    expect(reply.headers.get('content-type')).toMatch(/^text\/event-stream/);
                    data = reply.text.split('\n').find(function (line) { return line.startsWith('data: '); });
                    expect(JSON.parse(data.slice('data: '.length))).toMatchObject({ id: 4, result: { structuredContent: { text: 'stream' } } });
                    return [2 /*return*/];
            }
        });
    }); });
    it('refuses a body over the limit at the proxy with a JSON-RPC error, not an HTML page', function () { return __awaiter(void 0, void 0, void 0, function () {
        var huge, reply;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    huge = JSON.stringify((0, index_ts_1.toolCall)(5, 'echo', { text: 'y'.repeat(1200000) }));
                    return [4 /*yield*/, (0, index_ts_1.postRpc)(endpoint, huge, { 'x-request-id': 'too-big' })];
                case 1:
                    reply = _a.sent();
                    expect(reply.status).toBe(413);
                    expect(reply.headers.get('x-request-id')).toBe('too-big');
                    expect(reply.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
                    return [2 /*return*/];
            }
        });
    }); });
    it('passes the pack HTTP answers through unchanged (405 for GET is not retried into a 503)', function () { return __awaiter(void 0, void 0, void 0, function () {
        var response;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, fetch(endpoint)];
                case 1:
                    response = _a.sent();
                    expect(response.status).toBe(405);
                    expect(response.headers.get('allow')).toBe('POST');
                    return [2 /*return*/];
            }
        });
    }); });
    it('routes only MCP paths: other paths and the packs own /metrics are a JSON 404', function () { return __awaiter(void 0, void 0, void 0, function () {
        var _i, _a, path, response, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    _i = 0, _a = ['/nothing/mcp', '/metrics', '/echo/metrics'];
                    _c.label = 1;
                case 1:
                    if (!(_i < _a.length)) return [3 /*break*/, 5];
                    path = _a[_i];
                    return [4 /*yield*/, fetch("".concat(nginx.url).concat(path))];
                case 2:
                    response = _c.sent();
                    expect(response.status).toBe(404);
                    _b = expect;
                    return [4 /*yield*/, response.json()];
                case 3:
                    _b.apply(void 0, [_c.sent()]).toMatchObject({ error: { code: -32000 } });
                    _c.label = 4;
                case 4:
                    _i++;
                    return [3 /*break*/, 1];
                case 5: return [2 /*return*/];
            }
        });
    }); });
    it('reports aggregate health: every pack ready', function () { return __awaiter(void 0, void 0, void 0, function () {
        var response, _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0: return [4 /*yield*/, fetch("".concat(nginx.url, "/healthz"))];
                case 1:
                    response = _b.sent();
                    expect(response.status).toBe(200);
                    _a = expect;
                    return [4 /*yield*/, response.json()];
                case 2:
                    _a.apply(void 0, [_b.sent()]).toEqual({ status: 'ok', packs: { echo: 'ready' } });
                    return [2 /*return*/];
            }
        });
    }); });
    it('logs one JSON line per request with the request id and the replica that answered', function () { return __awaiter(void 0, void 0, void 0, function () {
        var lines, entry;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, index_ts_1.postRpc)(endpoint, (0, index_ts_1.toolCall)(6, 'echo', { text: 'log' }), { 'x-request-id': 'logged-id' })];
                case 1:
                    _a.sent();
                    return [4 /*yield*/, nginx.accessLog()];
                case 2:
                    lines = (_a.sent()).trim().split('\n').map(function (line) { return JSON.parse(line); });
                    entry = lines.find(function (line) { return line.request_id === 'logged-id'; });
                    expect(entry).toMatchObject({ method: 'POST', path: '/echo/mcp', status: 200 });
                    expect(replicas.map(function (replica) { return replica.address; })).toContain(entry.upstream);
                    return [2 /*return*/];
            }
        });
    }); });
});

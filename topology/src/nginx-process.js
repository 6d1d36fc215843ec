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
Object.defineProperty(exports, "__esModule", { value: true });
exports.nginxBinary = nginxBinary;
exports.upstreamsVariable = upstreamsVariable;
exports.renderNginx = renderNginx;
exports.startNginx = startNginx;
exports.testNginxConfig = testNginxConfig;
var node_child_process_1 = require("node:child_process");
var promises_1 = require("node:fs/promises");
var node_os_1 = require("node:os");
var node_path_1 = require("node:path");
var node_util_1 = require("node:util");
var free_port_ts_1 = require("./free-port.ts");
var repo_ts_1 = require("./repo.ts");
var run = (0, node_util_1.promisify)(node_child_process_1.execFile);
/** `nginx` on the PATH unless TOOLGATE_NGINX_BIN names another binary. */
function nginxBinary(env) {
    var _a;
    if (env === void 0) { env = process.env; }
    return (_a = env.TOOLGATE_NGINX_BIN) !== null && _a !== void 0 ? _a : 'nginx';
}
function upstreamsVariable(upstreams) {
    return Object.entries(upstreams)
        .map(function (_a) {
        var name = _a[0], servers = _a[1];
        return "".concat(name, "=").concat(servers.join(','));
    })
        .join(' ');
}
/** Renders the repository's nginx templates into `dir` (as the container does) and returns the config path. */
function renderNginx(dir, port, options) {
    return __awaiter(this, void 0, void 0, function () {
        var stdout;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0: return [4 /*yield*/, run('sh', [repo_ts_1.renderScript, (0, node_path_1.join)(dir, 'conf')], {
                        // Only what the renderer needs: stray *_SEGMENT variables of the caller must not leak in.
                        env: __assign({ PATH: (_a = process.env.PATH) !== null && _a !== void 0 ? _a : '/usr/bin:/bin', TOOLGATE_UPSTREAMS: upstreamsVariable(options.upstreams), NGINX_LISTEN: "127.0.0.1:".concat(port), NGINX_WORKER_PROCESSES: '1', NGINX_RUN_DIR: (0, node_path_1.join)(dir, 'run'), NGINX_ERROR_LOG: (0, node_path_1.join)(dir, 'error.log'), NGINX_ACCESS_LOG: (0, node_path_1.join)(dir, 'access.log') }, options.env),
                    })];
                case 1:
                    stdout = (_b.sent()).stdout;
                    return [2 /*return*/, stdout.trim()];
            }
        });
    });
}
function waitUntilLive(url, exited, timeoutMs) {
    return __awaiter(this, void 0, void 0, function () {
        var deadline, response, _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    deadline = Date.now() + timeoutMs;
                    _b.label = 1;
                case 1:
                    if (exited())
                        throw new Error('nginx exited during start');
                    _b.label = 2;
                case 2:
                    _b.trys.push([2, 4, , 5]);
                    return [4 /*yield*/, fetch("".concat(url, "/livez"))];
                case 3:
                    response = _b.sent();
                    if (response.ok)
                        return [2 /*return*/];
                    return [3 /*break*/, 5];
                case 4:
                    _a = _b.sent();
                    return [3 /*break*/, 5];
                case 5:
                    if (Date.now() > deadline)
                        throw new Error("nginx did not answer ".concat(url, "/livez within ").concat(timeoutMs, " ms"));
                    return [4 /*yield*/, new Promise(function (resolve) { return setTimeout(resolve, 50); })];
                case 6:
                    _b.sent();
                    _b.label = 7;
                case 7: return [3 /*break*/, 1];
                case 8: return [2 /*return*/];
            }
        });
    });
}
/**
 * Runs the real nginx, in the foreground, from a temporary directory that holds its config,
 * pid file, logs and temp files (nothing under /etc/nginx), on a free port.
 */
function startNginx(options) {
    return __awaiter(this, void 0, void 0, function () {
        var dir, port, config, errorLogPath, child, stderr, exited, hasExited, url, errorLog, stop, error_1, log, _a, _b;
        var _this = this;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0: return [4 /*yield*/, (0, promises_1.mkdtemp)((0, node_path_1.join)((0, node_os_1.tmpdir)(), 'toolgate-nginx-'))];
                case 1:
                    dir = _c.sent();
                    // Workers drop root to an unprivileged user when the tests run as root: let them in.
                    return [4 /*yield*/, (0, promises_1.chmod)(dir, 493)];
                case 2:
                    // Workers drop root to an unprivileged user when the tests run as root: let them in.
                    _c.sent();
                    return [4 /*yield*/, (0, free_port_ts_1.freePort)()];
                case 3:
                    port = _c.sent();
                    return [4 /*yield*/, renderNginx(dir, port, options)];
                case 4:
                    config = _c.sent();
                    errorLogPath = (0, node_path_1.join)(dir, 'error.log');
                    child = (0, node_child_process_1.spawn)(nginxBinary(), ['-p', dir, '-e', errorLogPath, '-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
                    stderr = [];
                    child.stderr.on('data', function (chunk) { return stderr.push(chunk.toString()); });
                    exited = new Promise(function (resolve) { return child.once('exit', function () { return resolve(); }); });
                    hasExited = function () { return child.exitCode !== null || child.signalCode !== null; };
                    url = "http://127.0.0.1:".concat(port);
                    errorLog = function () { return (0, promises_1.readFile)(errorLogPath, 'utf8').catch(function () { return ''; }); };
                    stop = function () { return __awaiter(_this, void 0, void 0, function () {
                        return __generator(this, function (_a) {
                            switch (_a.label) {
                                case 0:
                                    if (!hasExited())
                                        child.kill('SIGTERM');
                                    return [4 /*yield*/, exited];
                                case 1:
                                    _a.sent();
                                    return [4 /*yield*/, (0, promises_1.rm)(dir, { recursive: true, force: true })];
                                case 2:
                                    _a.sent();
                                    return [2 /*return*/];
                            }
                        });
                    }); };
                    _c.label = 5;
                case 5:
                    _c.trys.push([5, 7, , 10]);
                    return [4 /*yield*/, waitUntilLive(url, hasExited, 10000)];
                case 6:
                    _c.sent();
                    return [3 /*break*/, 10];
                case 7:
                    error_1 = _c.sent();
                    _b = (_a = "".concat(stderr.join(''))).concat;
                    return [4 /*yield*/, errorLog()];
                case 8:
                    log = _b.apply(_a, [_c.sent()]);
                    return [4 /*yield*/, stop()];
                case 9:
                    _c.sent();
                    throw new Error("".concat(error_1.message, "\n").concat(log.slice(-2000)));
                case 10: return [2 /*return*/, { url: url, dir: dir, errorLog: errorLog, accessLog: function () { return (0, promises_1.readFile)((0, node_path_1.join)(dir, 'access.log'), 'utf8').catch(function () { return ''; }); }, stop: stop }];
            }
        });
    });
}
/** `nginx -t` on a rendered config. Resolves with nginx's report; rejects when the test fails. */
function testNginxConfig(config, prefix) {
    return __awaiter(this, void 0, void 0, function () {
        var stderr;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, run(nginxBinary(), ['-t', '-p', prefix, '-e', (0, node_path_1.join)(prefix, 'error.log'), '-c', config])];
                case 1:
                    stderr = (_a.sent()).stderr;
                    return [2 /*return*/, stderr];
            }
        });
    });
}

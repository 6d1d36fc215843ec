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
exports.startService = startService;
var node_child_process_1 = require("node:child_process");
var node_readline_1 = require("node:readline");
/**
 * Starts a toolgate service as its own process and waits for its `listening` log line
 * (every service's main logs `{msg: "listening", url}` through runMain), which carries the
 * port the service actually got: the tests start services on port 0.
 */
function startService(spec, timeoutMs) {
    var _this = this;
    if (timeoutMs === void 0) { timeoutMs = 15000; }
    var child = (0, node_child_process_1.spawn)(spec.command, spec.args, { cwd: spec.cwd, env: spec.env, stdio: ['ignore', 'pipe', 'pipe'] });
    var stderr = [];
    child.stderr.on('data', function (chunk) { return stderr.push(chunk.toString()); });
    var exited = new Promise(function (resolve) { return child.once('exit', function () { return resolve(); }); });
    var stop = function () {
        var args_1 = [];
        for (var _i = 0; _i < arguments.length; _i++) {
            args_1[_i] = arguments[_i];
        }
        return __awaiter(_this, __spreadArray([], args_1, true), void 0, function (signal) {
            if (signal === void 0) { signal = 'SIGTERM'; }
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        if (child.exitCode === null && child.signalCode === null)
                            child.kill(signal);
                        return [4 /*yield*/, exited];
                    case 1:
                        _a.sent();
                        return [2 /*return*/];
                }
            });
        });
    };
    return new Promise(function (resolve, reject) {
        var fail = function (why) {
            clearTimeout(timer);
            child.kill('SIGKILL');
            reject(new Error("".concat(spec.name, ": ").concat(why, "\n").concat(stderr.join('').slice(-2000))));
        };
        var timer = setTimeout(function () { return fail("no \"listening\" log line within ".concat(timeoutMs, " ms")); }, timeoutMs);
        var exitedEarly = function (code, signal) { return fail("exited (".concat(signal !== null && signal !== void 0 ? signal : code, ") before listening")); };
        child.once('exit', exitedEarly);
        var lines = (0, node_readline_1.createInterface)({ input: child.stdout });
        lines.on('line', function (line) {
            var entry;
            try {
                entry = JSON.parse(line);
            }
            catch (_a) {
                return;
            }
            if (entry.msg !== 'listening' || typeof entry.url !== 'string')
                return;
            clearTimeout(timer);
            child.off('exit', exitedEarly);
            // Keep draining stdout so the child never blocks on a full pipe.
            lines.removeAllListeners('line');
            child.stdout.resume();
            var url = new URL(entry.url);
            resolve({ name: spec.name, url: entry.url, address: url.host, child: child, stop: stop });
        });
    });
}

"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.renderScript = exports.repoRoot = void 0;
var node_url_1 = require("node:url");
/** The repository's root directory (this package sits one level below it). */
exports.repoRoot = (0, node_url_1.fileURLToPath)(new URL('../../', import.meta.url));
exports.renderScript = "".concat(exports.repoRoot, "nginx/render.sh");

import { loadCorpus } from './src/corpus/load-corpus.ts';
import { createQuoteEngine } from './src/engine/quote-engine.ts';
import { writeSyntheticCorpus } from './src/bench/synthetic-corpus.ts';
import { rm } from 'node:fs/promises';
const real = await loadCorpus('../../../shared/data/quotable');
let t = performance.now();
const lap = (label: string) => { const now = performance.now(); console.log(label, (now - t).toFixed(0), 'ms'); t = now; };
const dir = await writeSyntheticCorpus(real, 200000);
lap('write');
const corpus = await loadCorpus(dir);
lap('load');
const engine = createQuoteEngine(corpus);
lap('engine');
for (const q of ['the', 'the meaning of life', 'love', 'wisdom friendship', '"in the" world', 'love qwxzvbnm']) {
  const units = engine.parseQuery(q);
  for (let i = 0; i < 20; i++) engine.search(units, 0, 25);
  lap('search x20 ' + q);
}
await rm(dir, { recursive: true });

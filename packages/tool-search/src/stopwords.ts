/**
 * Words that say how a person asks, not what for: "what are the ...", "can you show me ...". Left
 * out of queries only (a tool's text keeps them, so a quoted tool name still matches), because
 * tool search ranks every tool that matches any word: a tool whose description says "the" often
 * would otherwise rise on every question. Content words stay, however common: their weight (idf)
 * already falls with how many tools use them.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a an the and or but if of to in on at by for from with about into over as is are was were be been being am
   do does did doing have has had having i me my mine we us our you your he she it its they them their this that
   these those there here what which who whom whose when where why how can could would should will shall may might
   must please pls any some all just also too very so than then whats let lets want wanna need like
   tell give show me im ive much many up out`
    .split(/\s+/)
    .filter(Boolean),
);

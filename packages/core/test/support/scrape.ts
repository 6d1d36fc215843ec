/** One series' value on a running server's /metrics (`name{labels}` as exposed), or undefined when it is not there. */
export async function scrapeSeries(serverUrl: string, series: string): Promise<number | undefined> {
  const text = await (await fetch(`${serverUrl}/metrics`)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { renderNginx, renderScript, testNginxConfig } from '../src/index.ts';

const run = promisify(execFile);

async function renderRaw(env: Record<string, string>): Promise<{ code: number; stderr: string; dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'toolgate-render-'));
  try {
    await run('sh', [renderScript, join(dir, 'conf')], { env: { PATH: process.env.PATH, ...env } });
    return { code: 0, stderr: '', dir };
  } catch (error) {
    const failure = error as { code: number; stderr: string };
    return { code: failure.code, stderr: failure.stderr, dir };
  }
}

describe('the nginx config (nginx/render.sh + nginx/templates)', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('renders for local ports into a config that `nginx -t` accepts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolgate-nginx-t-'));
    dirs.push(dir);
    const config = await renderNginx(dir, 18_080, {
      upstreams: { quotes: ['127.0.0.1:18085', '127.0.0.1:18086'], chain: ['127.0.0.1:18081'] },
      env: { QUOTES_SEGMENT: 'q' },
    });
    const report = await testNginxConfig(config, dir);
    expect(report).toMatch(/syntax is ok/);
    expect(report).toMatch(/test is successful/);

    const quotes = await readFile(join(dir, 'conf/packs/quotes.location.conf'), 'utf8');
    expect(quotes).toMatch(/location = \/q\/mcp \{\s+proxy_pass http:\/\/\$toolgate_quotes_upstream;/);
    expect(quotes).toMatch(/location = \/\.well-known\/oauth-protected-resource\/q\/mcp \{\s+proxy_pass http:\/\/toolgate_quotes;/);
    const upstream = await readFile(join(dir, 'conf/packs/quotes.upstream.conf'), 'utf8');
    expect(upstream).toContain('server 127.0.0.1:18085 max_fails=1 fail_timeout=5s;');
    expect(upstream).toContain('server 127.0.0.1:18086 max_fails=1 fail_timeout=5s;');
    expect(upstream).toMatch(/keepalive 64;/);
    // Requests of an MCP session go to the replica that holds it; the rest stay least_conn.
    expect(upstream).toMatch(/upstream toolgate_quotes_session \{[^}]*hash \$http_mcp_session_id consistent;[^}]*server 127\.0\.0\.1:18086 /);
    expect(upstream).toMatch(/map \$http_mcp_session_id \$toolgate_quotes_upstream \{\s+"" toolgate_quotes;\s+default toolgate_quotes_session;/);
  });

  it('renders for docker compose: service names re-resolved through Docker DNS, so --scale replicas are found', async () => {
    const { code, dir } = await renderRaw({
      TOOLGATE_UPSTREAMS: 'chain=chain:8081 quotes=quotes:8085',
      NGINX_RESOLVER: '127.0.0.11',
      NGINX_UPSTREAM_SERVER_PARAMS: 'resolve',
    });
    dirs.push(dir);
    expect(code).toBe(0);
    const main = await readFile(join(dir, 'conf/nginx.conf'), 'utf8');
    expect(main).toMatch(/resolver 127\.0\.0\.11 valid=5s ipv6=off;/);
    expect(main).toMatch(/listen 8080;/);
    expect(main).toMatch(/proxy_next_upstream error timeout non_idempotent;/);
    expect(main).toContain('set $toolgate_packs "chain quotes";');
    // The catalog page comes from the first pack listed unless TOOLGATE_PAGE_PACK names another.
    expect(main).toMatch(/location = \/ \{\s+proxy_pass http:\/\/toolgate_chain;/);
    expect(main).toMatch(/location \^~ \/_toolgate\/page\/ \{\s+proxy_pass http:\/\/toolgate_chain;/);
    const upstream = await readFile(join(dir, 'conf/packs/quotes.upstream.conf'), 'utf8');
    expect(upstream).toContain('server quotes:8085 max_fails=1 fail_timeout=5s resolve;');
    expect(upstream).toContain('zone toolgate_quotes 64k;');
  });

  it('with TOOLGATE_ONE_URL: /mcp and the catalog page go to that service, whose readiness counts in /healthz', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolgate-nginx-t-'));
    dirs.push(dir);
    const config = await renderNginx(dir, 18_080, {
      upstreams: { quotes: ['127.0.0.1:18085'], chain: ['127.0.0.1:18081'] },
      env: { TOOLGATE_ONE_URL: '127.0.0.1:18090,127.0.0.1:18091' },
    });
    expect(await testNginxConfig(config, dir)).toMatch(/test is successful/);
    const main = await readFile(config, 'utf8');
    expect(main).toContain('set $toolgate_packs "quotes chain one_url";');
    expect(main).toMatch(/location = \/ \{\s+proxy_pass http:\/\/toolgate_one_url;/);
    expect(main).toMatch(/location \^~ \/_toolgate\/page\/ \{\s+proxy_pass http:\/\/toolgate_one_url;/);
    const location = await readFile(join(dir, 'conf/packs/one_url.location.conf'), 'utf8');
    expect(location).toMatch(/location = \/mcp \{\s+proxy_pass http:\/\/\$toolgate_one_url_upstream;/);
    expect(location).toMatch(/location = \/_toolgate\/ready\/one_url \{\s+internal;\s+proxy_pass http:\/\/toolgate_one_url\/readyz;/);
    const upstream = await readFile(join(dir, 'conf/packs/one_url.upstream.conf'), 'utf8');
    expect(upstream).toContain('server 127.0.0.1:18090 max_fails=1 fail_timeout=5s;');
    expect(upstream).toContain('server 127.0.0.1:18091 max_fails=1 fail_timeout=5s;');

    // A pack's service may still be chosen for the page; without TOOLGATE_ONE_URL there is no /mcp.
    const { code, dir: other } = await renderRaw({ TOOLGATE_UPSTREAMS: 'quotes=q:1', TOOLGATE_ONE_URL: 'gateway:8080', TOOLGATE_PAGE_PACK: 'quotes' });
    dirs.push(other);
    expect(code).toBe(0);
    expect(await readFile(join(other, 'conf/nginx.conf'), 'utf8')).toMatch(/location = \/ \{\s+proxy_pass http:\/\/toolgate_quotes;/);
    const plain = await renderRaw({ TOOLGATE_UPSTREAMS: 'quotes=q:1' });
    dirs.push(plain.dir);
    await expect(readFile(join(plain.dir, 'conf/packs/one_url.location.conf'), 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it.each([
    [{ TOOLGATE_UPSTREAMS: '' }, /TOOLGATE_UPSTREAMS is empty/],
    [{ TOOLGATE_UPSTREAMS: 'quotes=q:1', TOOLGATE_ONE_URL: 'gateway:8080;evil' }, /invalid server of TOOLGATE_ONE_URL/],
    [{ TOOLGATE_UPSTREAMS: 'quotes=q:1', TOOLGATE_ONE_URL: ',' }, /invalid server of TOOLGATE_ONE_URL: ""/],
    [{ TOOLGATE_UPSTREAMS: 'quotes' }, /not name=host:port/],
    [{ TOOLGATE_UPSTREAMS: 'quotes=q:1', QUOTES_SEGMENT: 'x; return 200 pwned' }, /invalid QUOTES_SEGMENT/],
    [{ TOOLGATE_UPSTREAMS: 'quotes=q:1;evil' }, /invalid server of pack quotes/],
    [{ TOOLGATE_UPSTREAMS: 'Quotes$(id)=q:1' }, /invalid pack name/],
    [{ TOOLGATE_UPSTREAMS: 'quotes=q:1', NGINX_CLIENT_MAX_BODY_SIZE: '1m; evil' }, /invalid NGINX_CLIENT_MAX_BODY_SIZE/],
    [{ TOOLGATE_UPSTREAMS: 'quotes=q:1', TOOLGATE_PAGE_PACK: 'quotes; return 200' }, /TOOLGATE_PAGE_PACK "quotes; return 200" is not one of the packs: quotes/],
    [{ TOOLGATE_UPSTREAMS: 'quotes=q:1 chain=c:1', TOOLGATE_PAGE_PACK: 'sports' }, /TOOLGATE_PAGE_PACK "sports" is not one of the packs/],
  ])('refuses input that is not plain names and addresses: %j', async (env, message) => {
    const { code, stderr, dir } = await renderRaw(env);
    dirs.push(dir);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(message);
  });
});

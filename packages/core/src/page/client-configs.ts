/** A host's configuration for one endpoint, as docs/deployment.md#pointing-a-client-at-it gives it. */
export interface ClientConfig {
  host: string;
  /** Where it goes: a file name or "a terminal". */
  where: string;
  text: string;
}

const KEY = '<your-key>';

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * Configurations for Cursor, VS Code, Claude Code and Claude Desktop, `name` being the server's
 * key in them (`toolgate-<pack>`, or `toolgate` for every pack at `/mcp`; through mcp-remote, which
 * takes the key as its own `--header` argument). With keys on, a placeholder stands for the
 * key: the server never writes a key into the page.
 */
export function clientConfigs(name: string, url: string, keyed: boolean): ClientConfig[] {
  // A query string (`?view=search`) holds characters a shell would read: quoted there.
  const shellUrl = /[?&]/.test(url) ? `"${url}"` : url;
  const cursor = { url, ...(keyed ? { headers: { Authorization: `Bearer ${KEY}` } } : {}) };
  const vscode = {
    ...(keyed ? { inputs: [{ type: 'promptString', id: 'toolgate-key', description: 'toolgate API key', password: true }] } : {}),
    servers: { [name]: { type: 'http', url, ...(keyed ? { headers: { Authorization: 'Bearer ${input:toolgate-key}' } } : {}) } },
  };
  const desktop = { command: 'npx', args: ['-y', 'mcp-remote', url, ...(keyed ? ['--header', `Authorization:Bearer ${KEY}`] : [])] };
  return [
    { host: 'Cursor', where: '.cursor/mcp.json', text: json({ mcpServers: { [name]: cursor } }) },
    { host: 'VS Code', where: '.vscode/mcp.json', text: json(vscode) },
    {
      host: 'Claude Code',
      where: 'a terminal',
      text: `claude mcp add --transport http ${name} ${shellUrl}${keyed ? ` --header "Authorization: Bearer ${KEY}"` : ''}`,
    },
    { host: 'Claude Desktop', where: 'claude_desktop_config.json (through mcp-remote)', text: json({ mcpServers: { [name]: desktop } }) },
  ];
}

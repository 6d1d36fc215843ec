// toolgate's catalog page. The page is complete without this script; it only enables each
// tool's "Try it" form, which calls the tool at its pack's real MCP endpoint (a bare JSON-RPC
// tools/call, as any MCP client may send), and the copy buttons. Every text from a server is
// written with textContent, never parsed as HTML.
'use strict';
(() => {
  const KEY_STORAGE = 'toolgate-key';
  const keyInput = document.getElementById('api-key');
  if (keyInput) {
    // Session storage only: the key leaves with the tab, and the server never writes it into the page.
    keyInput.value = sessionStorage.getItem(KEY_STORAGE) || '';
    keyInput.addEventListener('input', () => {
      if (keyInput.value) sessionStorage.setItem(KEY_STORAGE, keyInput.value);
      else sessionStorage.removeItem(KEY_STORAGE);
    });
    keyInput.form.addEventListener('submit', (event) => event.preventDefault());
  }

  let nextId = 1;

  /** The form's fields as tool arguments; an empty optional field is left out. */
  function argumentsOf(form) {
    const args = {};
    for (const field of form.querySelectorAll('[data-kind]')) {
      const raw = field.value;
      if (raw === '') continue;
      const kind = field.dataset.kind;
      if (kind === 'string') args[field.name] = raw;
      else if (kind === 'number' || kind === 'integer') args[field.name] = Number(raw);
      else {
        try {
          args[field.name] = JSON.parse(raw);
        } catch {
          throw new Error(`${field.name}: not valid JSON`);
        }
      }
    }
    return args;
  }

  /** The JSON-RPC answer in a JSON body, or the last message of an event stream. */
  function messageOf(contentType, body) {
    if (!contentType.includes('text/event-stream')) return JSON.parse(body);
    const data = body.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trim());
    return JSON.parse(data[data.length - 1]);
  }

  function show(form, outcome, isError, structured, text) {
    const result = form.nextElementSibling;
    result.hidden = false;
    result.classList.toggle('error', isError);
    result.querySelector('.outcome').textContent = outcome;
    const structuredPre = result.querySelector('.structured');
    structuredPre.hidden = structured === undefined;
    structuredPre.textContent = structured === undefined ? '' : JSON.stringify(structured, null, 2);
    const textPre = result.querySelector('.text');
    textPre.hidden = !text;
    textPre.textContent = text || '';
  }

  function textOf(content) {
    if (!Array.isArray(content)) return '';
    return content.map((item) => (item.type === 'text' ? item.text : `[${item.type}${item.mimeType ? `: ${item.mimeType}` : ''}]`)).join('\n\n');
  }

  async function run(form, button) {
    let args;
    try {
      args = argumentsOf(form);
    } catch (error) {
      return show(form, error.message, true);
    }
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const key = keyInput ? keyInput.value.trim() : '';
    if (key) headers.authorization = `Bearer ${key}`;
    const body = JSON.stringify({ jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name: form.dataset.tool, arguments: args } });
    button.disabled = true;
    button.textContent = 'Calling…';
    const started = performance.now();
    try {
      const response = await fetch(form.dataset.endpoint, { method: 'POST', headers, body });
      const text = await response.text();
      let message;
      try {
        message = messageOf(response.headers.get('content-type') || '', text);
      } catch {
        return show(form, `HTTP ${response.status}: the answer is not JSON-RPC`, true, undefined, text.slice(0, 2000));
      }
      const ms = Math.round(performance.now() - started);
      if (message.error) {
        const advice = response.status === 401 ? (keyInput ? ' Enter an API key above.' : '') : '';
        return show(form, `Error ${message.error.code}: ${message.error.message}${advice}`, true);
      }
      const result = message.result || {};
      const outcome = result.isError ? `The tool answered with an error (${ms} ms)` : `OK (${ms} ms)`;
      show(form, outcome, Boolean(result.isError), result.structuredContent, textOf(result.content));
    } catch (error) {
      show(form, `The request failed: ${error.message}`, true);
    } finally {
      button.disabled = false;
      button.textContent = 'Try it';
    }
  }

  for (const form of document.querySelectorAll('form.try')) {
    const button = form.querySelector('button[type="submit"]');
    button.disabled = false;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      run(form, button);
    });
  }

  for (const pre of document.querySelectorAll('pre.copyable')) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy';
    button.textContent = 'Copy';
    button.addEventListener('click', () => {
      navigator.clipboard.writeText(pre.textContent).then(
        () => (button.textContent = 'Copied'),
        () => (button.textContent = 'Select and copy by hand'),
      );
    });
    pre.before(button);
  }
})();

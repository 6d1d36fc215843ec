/**
 * A large operator's MCP server, generated: `count` tools across business domains (calendar,
 * files, mail, CRM, tickets, billing, …), each named, titled, described and given parameters as
 * real servers write them, so tool search is measured among tools that compete for the same
 * words ("events", "list", "search", "player", "price") rather than among random strings.
 * Deterministic: the same count gives the same tools.
 */
export interface SyntheticTool {
  name: string;
  title: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, { type: string; description: string }>; required: string[] };
}

interface Domain {
  system: string;
  things: [singular: string, plural: string, about: string][];
}

const DOMAINS: Domain[] = [
  { system: 'calendar', things: [['event', 'events', 'meetings and appointments with their time, place and attendees'], ['calendar', 'calendars', 'shared and personal calendars'], ['reminder', 'reminders', 'alerts before an event']] },
  { system: 'files', things: [['file', 'files', 'documents in the drive with their size and owner'], ['folder', 'folders', 'folders of the drive'], ['permission', 'permissions', 'who may read or edit a file']] },
  { system: 'mail', things: [['message', 'messages', 'emails with sender, subject and body'], ['thread', 'threads', 'conversations of messages'], ['label', 'labels', 'labels that sort messages']] },
  { system: 'crm', things: [['contact', 'contacts', 'people with their email, phone and company'], ['deal', 'deals', 'sales opportunities with amount and stage'], ['company', 'companies', 'organisations and their address']] },
  { system: 'tickets', things: [['ticket', 'tickets', 'support requests with status and priority'], ['comment', 'comments', 'replies on a ticket'], ['queue', 'queues', 'groups of tickets by team']] },
  { system: 'billing', things: [['invoice', 'invoices', 'invoices with amount due and due date'], ['payment', 'payments', 'payments received and refunded'], ['subscription', 'subscriptions', 'recurring plans and their price']] },
  { system: 'inventory', things: [['product', 'products', 'items for sale with price and stock'], ['warehouse', 'warehouses', 'storage locations'], ['order', 'orders', 'purchase orders and their shipping status']] },
  { system: 'hr', things: [['employee', 'employees', 'staff with role, team and start date'], ['leave', 'leaves', 'holiday and sick leave requests'], ['team', 'teams', 'teams and their members']] },
  { system: 'repo', things: [['issue', 'issues', 'bug reports and feature requests'], ['pull_request', 'pull requests', 'proposed code changes and reviews'], ['branch', 'branches', 'branches of a repository']] },
  { system: 'analytics', things: [['report', 'reports', 'traffic and conversion reports'], ['dashboard', 'dashboards', 'charts of key metrics'], ['metric', 'metrics', 'measured values over time']] },
  { system: 'maps', things: [['place', 'places', 'points of interest with address and opening hours'], ['route', 'routes', 'directions between two places'], ['geocode', 'geocodes', 'coordinates of an address']] },
  { system: 'weather', things: [['forecast', 'forecasts', 'temperature, rain and wind for the coming days'], ['alert', 'alerts', 'severe weather warnings'], ['station', 'stations', 'weather stations and their readings']] },
  { system: 'news', things: [['article', 'articles', 'news stories with headline, source and date'], ['feed', 'feeds', 'news feeds by topic'], ['source', 'sources', 'publishers']] },
  { system: 'chat', things: [['channel', 'channels', 'chat rooms and their members'], ['post', 'posts', 'messages posted in a channel'], ['user', 'users', 'workspace members and their status']] },
  { system: 'db', things: [['table', 'tables', 'database tables and their columns'], ['query', 'queries', 'saved SQL queries'], ['row', 'rows', 'rows of a table']] },
  { system: 'travel', things: [['flight', 'flights', 'flights with times, airline and price'], ['hotel', 'hotels', 'hotel rooms and their rates'], ['booking', 'bookings', 'reservations of a trip']] },
  { system: 'music', things: [['track', 'tracks', 'songs with artist, album and length'], ['playlist', 'playlists', 'lists of tracks'], ['album', 'albums', 'albums and their release date']] },
  { system: 'store', things: [['cart', 'carts', 'shopping carts and their items'], ['coupon', 'coupons', 'discount codes'], ['review', 'reviews', 'customer ratings of products']] },
  { system: 'iot', things: [['device', 'devices', 'connected devices and their state'], ['sensor', 'sensors', 'temperature and motion sensors'], ['rule', 'rules', 'automations that react to a sensor']] },
  { system: 'learning', things: [['course', 'courses', 'online courses and their lessons'], ['student', 'students', 'learners and their progress'], ['grade', 'grades', 'scores of an assignment']] },
];

const ACTIONS: [verb: string, title: string, describe: (thing: string, things: string, about: string, system: string) => string, plural: boolean][] = [
  ['list', 'List', (_, things, about, system) => `Lists ${things} in ${system}: ${about}. Paged, newest first.`, true],
  ['get', 'Get', (thing, _, about, system) => `Returns one ${thing} from ${system} by its id, with every field (${about}).`, false],
  ['search', 'Search', (_, things, about, system) => `Finds ${things} in ${system} whose text matches the query words (${about}).`, true],
  ['create', 'Create', (thing, _, __, system) => `Creates a new ${thing} in ${system} and returns it with its new id.`, false],
  ['update', 'Update', (thing, _, __, system) => `Changes fields of an existing ${thing} in ${system}; fields not given stay as they are.`, false],
  ['delete', 'Delete', (thing, _, __, system) => `Deletes a ${thing} from ${system} for good. Cannot be undone.`, false],
  ['count', 'Count', (_, things, __, system) => `Counts the ${things} in ${system} that match a filter.`, true],
  ['export', 'Export', (_, things, __, system) => `Exports ${things} from ${system} as CSV or JSON.`, true],
  ['archive', 'Archive', (thing, _, __, system) => `Archives a ${thing} in ${system}: hidden from lists, kept for records.`, false],
  ['share', 'Share', (thing, _, __, system) => `Shares a ${thing} of ${system} with another user by email.`, false],
  ['watch', 'Watch', (_, things, __, system) => `Subscribes to changes of ${things} in ${system}; returns a subscription id.`, true],
  ['history', 'History of', (thing, _, __, system) => `Returns the change history of a ${thing} in ${system}: who changed what and when.`, false],
  ['import', 'Import', (_, things, __, system) => `Imports ${things} into ${system} from a CSV file.`, true],
  ['stats', 'Statistics of', (_, things, __, system) => `Summary statistics of ${things} in ${system}: totals by day, week or month.`, true],
  ['restore', 'Restore', (thing, _, __, system) => `Restores a deleted or archived ${thing} in ${system}.`, false],
  ['duplicate', 'Duplicate', (thing, _, __, system) => `Copies a ${thing} in ${system} under a new name.`, false],
  ['assign', 'Assign', (thing, _, __, system) => `Assigns a ${thing} of ${system} to a user or team.`, false],
];

function parameters(verb: string, thing: string, system: string): SyntheticTool['inputSchema'] {
  const id = `${thing}_id`;
  const properties: Record<string, { type: string; description: string }> = {};
  const required: string[] = [];
  if (['get', 'update', 'delete', 'archive', 'share', 'history', 'restore', 'duplicate', 'assign'].includes(verb)) {
    properties[id] = { type: 'string', description: `The ${thing}'s id in ${system}` };
    required.push(id);
  }
  if (verb === 'search') (properties['query'] = { type: 'string', description: 'Words to find' }), required.push('query');
  if (['list', 'search', 'count', 'export'].includes(verb)) {
    properties['since'] = { type: 'string', description: 'Only those changed after this date, YYYY-MM-DD' };
    properties['limit'] = { type: 'integer', description: 'How many to return, 1 to 100' };
  }
  if (verb === 'share') properties['email'] = { type: 'string', description: 'Email address of the person to share with' };
  if (verb === 'assign') properties['assignee'] = { type: 'string', description: 'User or team to assign to' };
  if (verb === 'create' || verb === 'update') properties['fields'] = { type: 'object', description: `The ${thing}'s fields: name, description and ${system}-specific values` };
  if (verb === 'export') properties['format'] = { type: 'string', description: 'csv or json' };
  return { type: 'object', properties, required };
}

/** The first `count` tools of domains × things × actions, then numbered workspaces of the same when more are asked. */
export function syntheticTools(count: number): SyntheticTool[] {
  const tools: SyntheticTool[] = [];
  for (let workspace = 0; tools.length < count; workspace += 1) {
    for (const [verb, title, describe, plural] of ACTIONS) {
      for (const { system, things } of DOMAINS) {
        for (const [thing, many, about] of things) {
          if (tools.length === count) return tools;
          const suffix = workspace === 0 ? '' : `_ws${workspace + 1}`;
          const noun = plural ? many : thing.replace('_', ' ');
          tools.push({
            name: `${system}_${verb}_${(plural ? many : thing).replace(/ /g, '_')}${suffix}`,
            title: `${title} ${system} ${noun}${workspace === 0 ? '' : ` (workspace ${workspace + 1})`}`,
            description: describe(thing.replace('_', ' '), many, about, system),
            inputSchema: parameters(verb, thing.replace('_', ' '), system),
          });
        }
      }
    }
  }
  return tools;
}

import { EventEmitter } from 'node:events';
import { z } from 'zod';
import { completeFrom, defineContentTool, defineResource, defineResourceTemplate, type ResourceUpdates } from '../../src/index.ts';
import { RED_PIXEL_PNG } from './media.ts';

/** test://watched-resource changes when the test_touch_watched_resource tool is called: what subscribers hear of. */
const changes = new EventEmitter();
let watchedVersion = 0;

export const watchedResourceUpdates: ResourceUpdates = {
  subscribe(listener) {
    changes.on('updated', listener);
    return () => changes.off('updated', listener);
  },
};

/** The resources of the resources-* scenarios (URIs and contents as they specify). */
export const fixtureResources = [
  defineResource({
    uri: 'test://static-text',
    name: 'static-text',
    title: 'Static text',
    description: 'A fixed text resource.',
    mimeType: 'text/plain',
    async read() {
      return { text: 'This is the content of the static text resource.' };
    },
  }),
  defineResource({
    uri: 'test://static-binary',
    name: 'static-binary',
    title: 'Static binary',
    description: 'A 1x1 red PNG.',
    mimeType: 'image/png',
    async read() {
      return { blob: RED_PIXEL_PNG };
    },
  }),
  defineResource({
    uri: 'test://watched-resource',
    name: 'watched-resource',
    title: 'Watched resource',
    description: 'A resource that changes when test_touch_watched_resource is called; subscribe to hear of it.',
    mimeType: 'text/plain',
    async read() {
      return { text: `version ${watchedVersion}` };
    },
  }),
  defineResourceTemplate({
    uriTemplate: 'test://template/{id}/data',
    name: 'template-data',
    title: 'Data by id',
    description: 'JSON data for an id.',
    mimeType: 'application/json',
    variables: z.object({ id: z.string().min(1).max(100) }),
    complete: { id: completeFrom(() => ['123', '124', '200']) },
    async read({ id }) {
      return { text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }) };
    },
  }),
];

/** Changes test://watched-resource: subscribed sessions get notifications/resources/updated. */
export const touchWatchedResourceTool = defineContentTool({
  name: 'test_touch_watched_resource',
  title: 'Change the watched resource',
  description: 'Changes test://watched-resource, so its subscribers are told.',
  inputSchema: z.object({}),
  async handler() {
    watchedVersion += 1;
    changes.emit('updated', 'test://watched-resource');
    return [{ type: 'text', text: `test://watched-resource is now version ${watchedVersion}` }];
  },
});

/** The trader's client page calls (api/routes/client-pages.ts). */
import type { ClientPageNewBody } from '../../domain/client-pages/schema.ts';
import { call, client } from '../../lib/api.ts';

const pages = client['client-pages'];
const page = (id: number) => ({ param: { id: String(id) } });

export type ClientPageBody = ClientPageNewBody;

export const createClientPage = (json: ClientPageBody) => call(pages.$post({ json }));
export const listClientPages = (signal?: AbortSignal) => call(pages.$get({}, { init: { signal } }));
export const revokeClientPage = (id: number) => call(pages[':id'].$delete(page(id)));

/** Uploads a png or jpeg logo (multipart field `src`); the server re-encodes it. */
export function uploadLogo(id: number, file: File) {
  const data = new FormData();
  data.set('src', file);
  return call(pages[':id'].logo.$put(page(id), { init: { body: data } }));
}

/** The page's full address, to copy and send. */
export const fullAddress = (path: string) => new URL(path, window.location.origin).href;

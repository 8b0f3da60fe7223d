/**
 * The similar stones' prices per carat of a stone, for signed-in traders only
 * (GET /diamonds/{id}/similar-prices in the currency the page shows). A visitor, a parcel,
 * or a page still waiting for the site's currency asks for nothing.
 */
import { useStore } from '@nanostores/react';
import { call, client, type AnswerOf } from '../../lib/api.ts';
import { $isAuthorised, $session } from '../../stores/session.ts';
import { $site } from '../../stores/site.ts';
import { useApiQuery } from '../ui/useApiQuery.ts';

const similar = client.diamonds[':id']['similar-prices'];
export type SimilarPrices = AnswerOf<typeof similar.$get>;

export function useSimilarPrices(id: number, enabled: boolean) {
  const authorised = useStore($isAuthorised);
  const who = useStore($session).user?._id;
  const ccy = useStore($site).data?.ccy;
  const key = enabled && authorised && who != null && ccy ? `${id}:${who}:${ccy}` : null;
  return useApiQuery(key, (signal) =>
    call(similar.$get({ param: { id: String(id) }, query: { ccy: ccy ?? '' } }, { init: { signal } })),
  );
}

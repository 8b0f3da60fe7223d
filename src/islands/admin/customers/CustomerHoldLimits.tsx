/** A customer's hold limits in the customer's detail row: the most holds at once, and may extend once. */
import { useEffect, useState } from 'react';
import { MAX_HOLDS_LIMIT } from '../../../domain/trade/holds.ts';
import { call, client } from '../../../lib/api.ts';
import { useApiQuery } from '../../ui/useApiQuery.ts';
import { generalMessage, Notice, type NoticeState } from '../dashboard/kit.tsx';

export function CustomerHoldLimits({ customerId, name }: { customerId: string; name: string }) {
  const param = { id: customerId };
  const { data, error } = useApiQuery(`hold-limits:${customerId}`, (signal) =>
    call(client.admin.customers[':id']['hold-limits'].$get({ param }, { init: { signal } })),
  );
  const [most, setMost] = useState('');
  const [extend, setExtend] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeState>(null);
  useEffect(() => {
    if (!data) return;
    setMost(String(data.maxHolds));
    setExtend(data.holdExtendAllowed);
  }, [data]);
  const save = () => {
    setBusy(true);
    call(
      client.admin.customers[':id']['hold-limits'].$put({
        param,
        json: { maxHolds: Number(most), holdExtendAllowed: extend },
      }),
    )
      .then(() => setNotice({ kind: 'info', text: `Hold limits of ${name} saved` }))
      .catch((err: unknown) => setNotice({ kind: 'error', text: generalMessage(err) }))
      .finally(() => setBusy(false));
  };
  return (
    <div className="adm-detail__requests">
      <h3 className="adm-detail__title">Holds</h3>
      {error != null && <p className="adm-muted">The hold limits could not be loaded.</p>}
      {data && (
        <form className="adk-bar" onSubmit={(e) => (e.preventDefault(), save())}>
          <label className="field">
            <span className="field__label">Most holds at once</span>
            <input
              className="input"
              type="number"
              min={0}
              max={MAX_HOLDS_LIMIT}
              step={1}
              required
              value={most}
              onChange={(e) => setMost(e.target.value)}
            />
          </label>
          <label className="adk-check">
            <input type="checkbox" checked={extend} onChange={(e) => setExtend(e.target.checked)} />
            <span>May extend a hold once</span>
          </label>
          <button type="submit" className="btn btn--small" disabled={busy}>
            Save hold limits
          </button>
        </form>
      )}
      <Notice notice={notice} />
    </div>
  );
}

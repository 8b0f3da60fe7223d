/**
 * The report tab: certificate supplier, report number, shape and cutting style,
 * measurements, and 'View or Download Full Report'. Visitors get the sign-in dialog that
 * returns here; signed-in users open the PDF from GET /diamonds/{id}/certificate in a new
 * window (opened at the click, so no pop-up blocker stops it).
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { DiamondDoc } from '../../domain/diamond.ts';
import { formatMeasurements, MISSING } from '../../domain/money.ts';
import { ApiError, call, client } from '../../lib/api.ts';
import { openDialog } from '../../stores/dialog.ts';
import { $isAuthorised } from '../../stores/session.ts';
import { shapeName } from './stone-view.ts';

const CUTTING_STYLE: Record<string, string> = {
  round: 'Brilliant',
  oval: 'Brilliant',
  pear: 'Brilliant',
  marquise: 'Brilliant',
  heart: 'Brilliant',
  trilliant: 'Brilliant',
  princess: 'Modified Brilliant',
  cushion: 'Modified Brilliant',
  radiant: 'Cut-Cornered Rectangular Modified Brilliant',
  emerald: 'Step Cut',
  asscher: 'Square Step Cut',
  baguette: 'Step Cut',
};

export function shapeAndStyle(shape: string): string {
  const style = CUTTING_STYLE[shape.trim().toLowerCase()];
  return style ? `${shapeName(shape)} ${style}` : shapeName(shape);
}

export function ReportPanel({ doc }: { doc: DiamondDoc }) {
  const authorised = useStore($isAuthorised);
  const [busy, setBusy] = useState(false);
  const hasReport = doc.StkCertNo.trim() !== '';

  const open = async () => {
    if (!authorised) {
      openDialog('login', { returnTo: window.location.pathname });
      return;
    }
    const win = window.open('', '_blank');
    setBusy(true);
    try {
      const answer = await call(client.diamonds[':id'].certificate.$get({ param: { id: String(doc._id) } }));
      if (win) win.location.href = answer.report1.links.pdf;
      else window.location.assign(answer.report1.links.pdf);
    } catch (err) {
      win?.close();
      const missing = err instanceof ApiError && err.status === 404;
      openDialog('message', {
        title: missing ? 'Report unavailable' : 'Error',
        text: missing
          ? 'The full report for this stone is not on file yet. Please contact us for a copy.'
          : (err as Error).message,
        isError: !missing,
      });
    } finally {
      setBusy(false);
    }
  };

  const rows: [string, string][] = [
    ['Certificate supplier', doc.StkCertSup || MISSING],
    ['Report number', doc.StkCertNo || MISSING],
    ['Shape and cutting style', shapeAndStyle(doc.StkShape)],
    ['Measurements', formatMeasurements(doc.StkMes1, doc.StkMes2, doc.StkMes3) + (doc.StkMes1 != null ? ' mm' : '')],
  ];

  return (
    <div className="sd-report">
      <p className="eyebrow">Grading report</p>
      <dl className="sd-attrs sd-attrs--single">
        {rows.map(([k, v]) => (
          <div key={k} className="sd-attrs__row">
            <dt>{k}</dt>
            <dd className="num">{v}</dd>
          </div>
        ))}
      </dl>
      {hasReport ? (
        <button type="button" className="btn btn--ghost" onClick={() => void open()} disabled={busy}>
          View or Download Full Report
        </button>
      ) : (
        <p className="sd-hint">This stone has no grading report.</p>
      )}
      {hasReport && !authorised && <p className="sd-hint">Full reports are open to signed-in trade customers.</p>}
    </div>
  );
}

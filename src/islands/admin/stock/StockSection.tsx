/**
 * Stock (/admin/stock and under it): the import (upload, preview, apply), the import history
 * (/admin/stock/history, one run at ?id=: its skipped rows, and a replace-all waiting for
 * confirmation), media in bulk (/admin/stock/media: a ZIP of images, 360 sets, videos and
 * certificates), the stock sources pulled on a schedule (/admin/stock/sources) and the stock
 * API keys (/admin/stock/keys) of the wholesaler's own system. A failing source shows in red on
 * every tab.
 */
import { useEffect, useState } from 'react';
import { routes } from '../../../domain/routes.ts';
import StockImportSection from './StockImportSection.tsx';
import { StockHistory } from './StockHistory.tsx';
import { StockKeys } from './StockKeys.tsx';
import { StockMedia } from './StockMedia.tsx';
import { StockRun } from './StockRun.tsx';
import { FailingSources, StockSources } from './StockSources.tsx';

type View =
  { tab: 'import' } | { tab: 'history'; id: number | null } | { tab: 'sources' } | { tab: 'media' } | { tab: 'keys' };

function viewOf(path: string, search: string): View {
  const clean = path.replace(/\/+$/, '');
  if (clean === routes.adminStockKeys) return { tab: 'keys' };
  if (clean === routes.adminStockSources) return { tab: 'sources' };
  if (clean === routes.adminStockMedia) return { tab: 'media' };
  if (clean === routes.adminStockHistory) {
    const id = Number(new URLSearchParams(search).get('id'));
    return { tab: 'history', id: Number.isInteger(id) && id > 0 ? id : null };
  }
  return { tab: 'import' };
}

const TABS = [
  ['import', 'Import', routes.adminStock],
  ['history', 'History', routes.adminStockHistory],
  ['sources', 'Sources', routes.adminStockSources],
  ['media', 'Media', routes.adminStockMedia],
  ['keys', 'API keys', routes.adminStockKeys],
] as const;

export function StockTabs({ tab }: { tab: View['tab'] }) {
  return (
    <nav className="adm-tabs adk-stock-tabs" aria-label="Stock">
      {TABS.map(([key, label, href]) => (
        <a key={key} href={href} aria-current={tab === key ? 'page' : undefined}>
          {label}
        </a>
      ))}
    </nav>
  );
}

export default function StockSection() {
  const [view, setView] = useState<View | null>(null);
  useEffect(() => setView(viewOf(window.location.pathname, window.location.search)), []);
  if (!view) return null;
  return (
    <>
      <StockTabs tab={view.tab} />
      {view.tab !== 'sources' && <FailingSources />}
      {view.tab === 'import' && <StockImportSection />}
      {view.tab === 'history' && (view.id ? <StockRun id={view.id} /> : <StockHistory />)}
      {view.tab === 'sources' && <StockSources />}
      {view.tab === 'media' && <StockMedia />}
      {view.tab === 'keys' && <StockKeys />}
    </>
  );
}

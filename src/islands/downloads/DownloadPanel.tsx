/**
 * The DOWNLOAD panel: a download type and a format, the button enabled only with both, reading
 * 'PLEASE WAIT...' (and disabled) while the file is built. 'Only Ticked Items' shows how many
 * stones are ticked, is disabled while none are, and is hidden on phones (xs). Visitors
 * pressing the button get the login dialog, returning to this page. PDF building starts 1 s
 * after the press.
 */
import { AT_BUILD } from '../ui/at-build.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { useState } from 'react';
import { allDocs as allDocsOf } from '../../domain/catalogue/index.ts';
import type { ListDoc } from '../../domain/diamond.ts';
import {
  DOWNLOAD_FORMAT_LABELS,
  DOWNLOAD_FORMATS,
  DOWNLOAD_TYPE_LABELS,
  DOWNLOAD_TYPES,
  type DownloadFormat,
  type DownloadType,
} from '../../domain/downloads/index.ts';
import { $availabilityLabels, $catalogue } from '../../stores/catalogue.ts';
import { openDialog } from '../../stores/dialog.ts';
import { $isAuthorised } from '../../stores/session.ts';
import { $site } from '../../stores/site.ts';
import { buildDownload, saveBlob } from './build.ts';
import { PHONE_QUERY, useMedia } from '../ui/useMedia.ts';

export const PDF_DELAY_MS = 1000;

export type DownloadPanelProps = {
  /** the filtered list on screen */
  docs: readonly ListDoc[];
  /** ids of the ticked rows ('Only Ticked Items') */
  tickedIds: ReadonlySet<number> | readonly number[];
  /** every loaded stone, for the certified and parcel lists; default: the loaded catalogue */
  allDocs?: readonly ListDoc[];
  /** called after a file was handed to the browser */
  onDone?: () => void;
};

export function DownloadPanel({ docs, tickedIds, allDocs, onDone }: DownloadPanelProps) {
  const [type, setType] = useState<DownloadType | null>(null);
  const [format, setFormat] = useState<DownloadFormat | null>(null);
  const [loading, setLoading] = useState(false);
  const phone = useMedia(PHONE_QUERY);
  const authorised = useIslandStore($isAuthorised, AT_BUILD.isAuthorised);
  const site = useIslandStore($site, AT_BUILD.site);
  const catalogue = useIslandStore($catalogue, AT_BUILD.catalogue);
  const labels = useIslandStore($availabilityLabels, AT_BUILD.availabilityLabels);
  const tickedCount = Array.isArray(tickedIds) ? tickedIds.length : (tickedIds as ReadonlySet<number>).size;
  const types = DOWNLOAD_TYPES.filter((t) => !(phone && t === 'selected'));
  const chosenType = type && types.includes(type) && !(type === 'selected' && tickedCount === 0) ? type : null;

  const run = async () => {
    if (!chosenType || !format) return;
    if (!authorised) {
      openDialog('login', { returnTo: `${window.location.pathname}${window.location.search}` });
      return;
    }
    setLoading(true);
    try {
      if (format === 'pdf') await new Promise((r) => setTimeout(r, PDF_DELAY_MS));
      const data = site.data;
      const { blob, fileName } = await buildDownload({
        type: chosenType,
        format,
        source: {
          current: docs,
          all: allDocs ?? (catalogue.index ? allDocsOf(catalogue.index) : docs),
          ticked: tickedIds,
        },
        brand: data?.siteName ?? 'Facet Trade',
        pricing: data ? { ccy: data.ccy, rates: data.fxrates } : null,
        availability: labels,
      });
      saveBlob(blob, fileName);
      onDone?.();
    } catch (err) {
      console.error('[download] failed', err);
    } finally {
      setLoading(false);
    }
  };

  return (
    <form className="dl-panel" onSubmit={(e) => (e.preventDefault(), void run())}>
      <fieldset className="dl-group">
        <legend>Stock list</legend>
        {types.map((t) => {
          const none = t === 'selected' && tickedCount === 0;
          return (
            <label key={t} className={`dl-radio${none ? ' is-disabled' : ''}`}>
              <input
                type="radio"
                name="downloadType"
                value={t}
                checked={chosenType === t}
                disabled={none}
                onChange={() => setType(t)}
              />
              <span>
                {DOWNLOAD_TYPE_LABELS[t]}
                {t === 'selected' && <small className="dl-radio__count"> ({tickedCount})</small>}
              </span>
            </label>
          );
        })}
      </fieldset>
      <fieldset className="dl-group">
        <legend>Format</legend>
        {DOWNLOAD_FORMATS.map((f) => (
          <label key={f} className="dl-radio">
            <input type="radio" name="downloadFormat" value={f} checked={format === f} onChange={() => setFormat(f)} />
            <span>{DOWNLOAD_FORMAT_LABELS[f]}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn dl-submit" disabled={!chosenType || !format || loading}>
        {loading ? 'PLEASE WAIT...' : 'Download'}
      </button>
    </form>
  );
}

/**
 * Download building bench: the PDF (jspdf) and the Excel workbook (exceljs)
 * of the 'current' stock list for 5,000 stones, through the same code the browser runs
 * (src/islands/downloads/build.ts: select, cells, then the builder, up to the file bytes).
 * Stones come from the deterministic seed generator (db/seed), priced in GBP for a signed-in
 * trader. Each figure is the median of 5 runs (after one warm-up). Aim: under 2 s each.
 *
 *   npx node bench/downloads.ts [--stones 5000] [--runs 5] [--json]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { generateStones } from '../db/seed/diamonds.ts';
import type { Diamond } from '../db/tables.ts';
import { toDiamondDoc } from '../api/services/catalogue/diamond-docs.ts';
import type { DiamondDoc } from '../src/domain/diamond.ts';
import { buildPdf } from '../src/islands/downloads/build-pdf.ts';
import { buildXlsx } from '../src/islands/downloads/build-xlsx.ts';
import { tableFor, type DownloadRequest } from '../src/islands/downloads/build.ts';
import { median } from './stats.ts';

export const AIM_MS = 2000;
const RATES = [
  { currency: 'GBP', ExRate: 1, default: true },
  { currency: 'USD', ExRate: 1.27 },
  { currency: 'EUR', ExRate: 1.17 },
];

export function benchStones(count: number): DiamondDoc[] {
  const docs: DiamondDoc[] = [];
  let id = 0;
  for (const { row } of generateStones(count)) {
    id += 1;
    const now = row.createdAt ?? new Date();
    docs.push(toDiamondDoc({ id, inStock: true, updatedAt: now, ...row } as unknown as Diamond, true));
  }
  return docs;
}

/** Wall-clock medians, and the process's CPU time (user + system) medians: on a busy machine the wall time includes waiting for a core, the CPU time does not. */
export type DownloadsResult = {
  stones: number;
  runs: number;
  pdfMs: number;
  excelMs: number;
  pdfCpuMs: number;
  excelCpuMs: number;
  pdfBytes: number;
  excelBytes: number;
  pages: number;
};

const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

export async function benchDownloads(stones = 5000, runs = 5): Promise<DownloadsResult> {
  const docs = benchStones(stones);
  const req = (format: 'pdf' | 'excel'): DownloadRequest => ({
    type: 'current',
    format,
    source: { current: docs },
    brand: 'Facet Trade',
    pricing: { ccy: 'GBP', rates: RATES },
    availability: { 1: 'Immediately', 2: '3-5 days', 3: 'On Demand' },
  });
  const pdfTimes: number[] = [];
  const excelTimes: number[] = [];
  const pdfCpu: number[] = [];
  const excelCpu: number[] = [];
  let pdfBytes = 0;
  let excelBytes = 0;
  let pages = 0;
  for (let i = 0; i <= runs; i++) {
    let t = performance.now();
    let c = process.cpuUsage();
    const pdf = buildPdf(tableFor(req('pdf')));
    const bytes = pdf.output('arraybuffer').byteLength;
    const pdfMs = performance.now() - t;
    const pdfCpuMs = cpuMs(c);
    t = performance.now();
    c = process.cpuUsage();
    const xlsx = await buildXlsx(tableFor(req('excel')));
    const excelMs = performance.now() - t;
    const excelCpuMs = cpuMs(c);
    if (i === 0) continue; // warm-up
    pdfTimes.push(pdfMs);
    excelTimes.push(excelMs);
    pdfCpu.push(pdfCpuMs);
    excelCpu.push(excelCpuMs);
    pdfBytes = bytes;
    excelBytes = xlsx.byteLength;
    pages = pdf.getNumberOfPages();
  }
  return {
    stones,
    runs,
    pdfMs: median(pdfTimes),
    excelMs: median(excelTimes),
    pdfCpuMs: median(pdfCpu),
    excelCpuMs: median(excelCpu),
    pdfBytes,
    excelBytes,
    pages,
  };
}

export function printDownloads(r: DownloadsResult): void {
  const mark = (ms: number) => (ms < AIM_MS ? 'aim met' : 'AIM MISSED');
  console.log(`\nDownloads: 'current' list of ${r.stones.toLocaleString('en-GB')} stones, median of ${r.runs}`);
  const ms = (x: number) => `${x.toFixed(0).padStart(6)} ms`;
  console.log(`         wall (median)   CPU (median)`);
  console.log(
    `  PDF   ${ms(r.pdfMs)}       ${ms(r.pdfCpuMs)}   ${r.pages} pages, ${(r.pdfBytes / 1024).toFixed(0)} KiB   ${mark(r.pdfMs)} (< ${AIM_MS} ms)`,
  );
  console.log(
    `  Excel ${ms(r.excelMs)}       ${ms(r.excelCpuMs)}   ${(r.excelBytes / 1024).toFixed(0)} KiB   ${mark(r.excelMs)} (< ${AIM_MS} ms)`,
  );
  console.log(
    `  (on a busy machine the wall time includes waiting for a core; uptime load ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      stones: { type: 'string', default: '5000' },
      runs: { type: 'string', default: '5' },
      json: { type: 'boolean' },
    },
  });
  const r = await benchDownloads(Number(values.stones), Number(values.runs));
  if (values.json) console.log(JSON.stringify(r));
  else printDownloads(r);
}

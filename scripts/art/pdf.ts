/**
 * A one-page sample grading report as a minimal, valid PDF 1.4 written by hand: standard
 * Helvetica and Times fonts (no embedding), text and the stone's plotted diagrams as
 * vector paths. Clearly marked as a sample, not a laboratory document.
 */
import { edgePath, fit, project } from './render.ts';
import { meshFor, sideCamera, TOP } from './shapes.ts';

const PAGE_W = 595;
const PAGE_H = 842;

const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
const t = (x: number, y: number, font: 'F1' | 'F2' | 'F3', size: number, s: string) =>
  `BT /${font} ${size} Tf ${x} ${y} Td (${esc(s)}) Tj ET`;

/** An SVG path of M/L commands (y down) as PDF path operators (y up), stroked. */
function pathOps(d: string): string {
  const ops: string[] = [];
  for (const m of d.matchAll(/([ML])(-?[\d.]+) (-?[\d.]+)/g)) {
    const x = Number(m[2]);
    const y = PAGE_H - Number(m[3]);
    ops.push(`${x.toFixed(1)} ${y.toFixed(1)} ${m[1] === 'M' ? 'm' : 'l'}`);
  }
  return `${ops.join('\n')}\nS`;
}

function stoneDrawing(view: 'top' | 'side', box: { x: number; y: number; w: number; h: number }): string {
  const faces = project(meshFor('round'), view === 'top' ? TOP : sideCamera('round'));
  return pathOps(edgePath(faces, fit(faces, box)));
}

function content(): string {
  const rows: [string, string][] = [
    ['Report number', 'SAMPLE-2026-0001'],
    ['Shape and cutting style', 'Round Brilliant'],
    ['Measurements', '6.45 - 6.48 x 3.98 mm'],
    ['Carat weight', '1.01 carat'],
    ['Colour grade', 'G'],
    ['Clarity grade', 'VS1'],
    ['Cut grade', 'Excellent'],
    ['Polish', 'Excellent'],
    ['Symmetry', 'Excellent'],
    ['Fluorescence', 'None'],
    ['Table', '57%'],
    ['Total depth', '61.6%'],
    ['Girdle', 'Medium, faceted'],
    ['Culet', 'None'],
  ];
  const lines: string[] = [
    '0.067 0.067 0.067 RG 0.067 0.067 0.067 rg',
    t(56, 780, 'F2', 22, 'FACET TRADE'),
    t(56, 760, 'F1', 9, 'TRADE DIAMONDS  |  88 HATTON GARDEN  |  LONDON EC1N 8PN'),
    '0.8 w 56 745 m 539 745 l S',
    t(56, 712, 'F2', 16, 'Diamond Grading Report (sample)'),
    t(56, 694, 'F1', 8.5, 'A sample document for the Facet Trade demonstration shop. It is not a laboratory report'),
    t(
      56,
      683,
      'F1',
      8.5,
      'and grades no real stone. The full report from the grading laboratory accompanies each stone.',
    ),
  ];
  rows.forEach(([label, value], i) => {
    const y = 640 - i * 24;
    lines.push(t(56, y, 'F1', 10, label), t(200, y, 'F3', 10, value), `0.3 w 56 ${y - 8} m 300 ${y - 8} l S`);
  });
  lines.push(
    t(340, 640, 'F3', 10, 'PROPORTIONS'),
    '0.6 w',
    stoneDrawing('side', { x: 330, y: 215, w: 210, h: 130 }),
    t(340, 470, 'F3', 10, 'CLARITY CHARACTERISTICS'),
    stoneDrawing('top', { x: 350, y: 390, w: 170, h: 170 }),
    // two plotted inclusions, as a grader would mark them
    '1 w 430 318 m 436 322 l S 455 300 m 458 296 l S',
    t(340, 246, 'F1', 8.5, 'Key to symbols: crystal, feather'),
    '0.8 w 56 120 m 539 120 l S',
    t(
      56,
      100,
      'F1',
      8,
      'Facet Trade Ltd, 88 Hatton Garden, London EC1N 8PN  |  trade@facet.trade  |  +44 20 7946 0100',
    ),
    t(56, 88, 'F1', 8, 'Sample certificate generated for demonstration purposes.'),
  );
  return lines.join('\n');
}

/** The PDF bytes, with a correct cross-reference table. */
export function samplePdf(): Buffer {
  const stream = content();
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] ` +
      '/Resources << /Font << /F1 4 0 R /F2 5 0 R /F3 6 0 R >> >> /Contents 7 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Title (Sample Diamond Grading Report) /Producer (Facet Trade demo data) >>',
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * The diagram tab: a side profile drawn from the stone's own proportions, with width,
 * length, crown height, girdle, pavilion depth, table, culet and depth, also listed beside.
 */
import type { DiamondDoc } from '../../domain/diamond.ts';
import { MISSING } from '../../domain/money.ts';
import { outline, profileOf, VIEW } from './diagram-geometry.ts';

const pct = (n: number | null | undefined) => (n == null ? MISSING : `${n.toFixed(1)}%`);
const mm = (n: number | null | undefined) => (n == null ? MISSING : `${n.toFixed(2)} mm`);
const deg = (n: number | null | undefined) => (n == null ? MISSING : `${n.toFixed(1)}°`);

export function DiagramPanel({ doc: d }: { doc: DiamondDoc }) {
  const o = outline(
    profileOf({ table: d.StkTable, crown: d.StkDepth_Crown, girdle: d.StkDepth_Girdle, pavilion: d.StkDepth_Pavilion }),
  );
  const values: [string, string][] = [
    ['Width', mm(d.StkMes2)],
    ['Length', mm(d.StkMes1)],
    ['Crown height', pct(d.StkDepth_Crown)],
    ['Girdle', pct(d.StkDepth_Girdle)],
    ['Pavilion depth', pct(d.StkDepth_Pavilion)],
    ['Table', pct(d.StkTable)],
    ['Culet', deg(d.StkCulet)],
    ['Depth', pct(d.StkDepth_Total)],
  ];
  const body = `M${o.cx - o.tableHalf},${o.yTable} L${o.cx + o.tableHalf},${o.yTable} L${o.right},${o.yGirdleTop} L${o.right},${o.yGirdleBottom} L${o.cx},${o.yCulet} L${o.left},${o.yGirdleBottom} L${o.left},${o.yGirdleTop} Z`;
  const xr = o.right + 34;
  const xl = o.left - 34;
  const facets = [0.25, 0.5, 0.75].map((f) => o.left + (o.right - o.left) * f);

  return (
    <div className="sd-diagram">
      <p className="eyebrow">Proportions</p>
      <svg
        className="sd-diagram__svg"
        viewBox={`0 0 ${VIEW.width} ${VIEW.height}`}
        role="img"
        aria-label="Proportions diagram"
      >
        <path className="dg-body" d={body} />
        <g className="dg-facets">
          {facets.map((x) => (
            <path key={x} d={`M${x},${o.yGirdleBottom} L${o.cx},${o.yCulet}`} />
          ))}
          <path
            d={`M${o.cx - o.tableHalf},${o.yTable} L${o.left + (o.right - o.left) * 0.25},${o.yGirdleTop} M${o.cx + o.tableHalf},${o.yTable} L${o.left + (o.right - o.left) * 0.75},${o.yGirdleTop}`}
          />
          <path
            d={`M${o.left},${o.yGirdleTop} L${o.right},${o.yGirdleTop} M${o.left},${o.yGirdleBottom} L${o.right},${o.yGirdleBottom}`}
          />
        </g>
        <Dim
          x1={o.cx - o.tableHalf}
          y1={o.yTable - 26}
          x2={o.cx + o.tableHalf}
          y2={o.yTable - 26}
          label={`Table ${pct(d.StkTable)}`}
          above
        />
        <Dim x1={o.left} y1={o.yCulet + 34} x2={o.right} y2={o.yCulet + 34} label={`Width ${mm(d.StkMes2)}`} />
        <VDim x={xr} y1={o.yTable} y2={o.yGirdleTop} label={`Crown ${pct(d.StkDepth_Crown)}`} />
        <VDim x={xr} y1={o.yGirdleBottom} y2={o.yCulet} label={`Pavilion ${pct(d.StkDepth_Pavilion)}`} />
        <text className="dg-label" x={xr + 10} y={(o.yGirdleTop + o.yGirdleBottom) / 2 + 4}>
          Girdle {pct(d.StkDepth_Girdle)}
        </text>
        <VDim x={xl} y1={o.yTable} y2={o.yCulet} label={`Depth ${pct(d.StkDepth_Total)}`} left />
        <text className="dg-label" x={o.cx} y={o.yCulet + 16} textAnchor="middle">
          Culet {deg(d.StkCulet)}
        </text>
      </svg>
      <dl className="sd-attrs sd-attrs--two">
        {values.map(([k, v]) => (
          <div key={k} className="sd-attrs__row">
            <dt>{k}</dt>
            <dd className="num">{v}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Dim({
  x1,
  y1,
  x2,
  y2,
  label,
  above = false,
}: {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  label: string;
  above?: boolean;
}) {
  return (
    <g className="dg-dim">
      <path d={`M${x1},${y1} L${x2},${y2} M${x1},${y1 - 5} L${x1},${y1 + 5} M${x2},${y2 - 5} L${x2},${y2 + 5}`} />
      <text className="dg-label" x={(x1 + x2) / 2} y={above ? y1 - 10 : y1 + 20} textAnchor="middle">
        {label}
      </text>
    </g>
  );
}

function VDim({
  x,
  y1,
  y2,
  label,
  left = false,
}: {
  x: number;
  y1: number;
  y2: number;
  label: string;
  left?: boolean;
}) {
  return (
    <g className="dg-dim">
      <path d={`M${x},${y1} L${x},${y2} M${x - 5},${y1} L${x + 5},${y1} M${x - 5},${y2} L${x + 5},${y2}`} />
      <text className="dg-label" x={left ? x - 10 : x + 10} y={(y1 + y2) / 2 + 4} textAnchor={left ? 'end' : 'start'}>
        {label}
      </text>
    </g>
  );
}

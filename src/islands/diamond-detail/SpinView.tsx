/**
 * The 360 view on its own: with the layout (/diamonds/{id}/360: a heading, the player and a
 * way back to the details) or bare (/diamonds/{id}: only the player, for embedding).
 */
import { Player360 } from '../player360/Player360.tsx';
import { shapeName } from './stone-view.ts';
import { useStone } from './useStone.ts';
import { formatWeight } from '../../domain/money.ts';
import './spin-view.css';
import { routes } from '../../domain/routes.ts';

type Props = { id: number; siteName: string; bare?: boolean; controls?: boolean };

export function SpinView({ id, siteName, bare = false, controls = true }: Props) {
  const stone = useStone(id);
  if (stone.status === 'loading')
    return (
      <p className="sd-loading" aria-busy="true">
        Loading…
      </p>
    );
  if (stone.status !== 'ready') return <p className="sd-loading">{stone.message}</p>;
  const { doc, spin } = stone;
  const title = `${formatWeight(doc.STWeight)} ${shapeName(doc.StkShape)}`;
  const player = spin ? (
    <Player360 set={spin} controls={controls} logo={siteName} label={`360° view of ${title}`} />
  ) : (
    <div className="sd-spin-missing">
      <h2>Coming Soon</h2>
      <p>A 360° view of this stone is not available yet.</p>
    </div>
  );
  if (bare) return <div className="sd-bare">{player}</div>;
  return (
    <div className="container sd-spin">
      <div className="sd-spin__head">
        <a className="link" href={routes.diamond(id)}>
          <span aria-hidden="true">←</span> Details
        </a>
        <p className="eyebrow">360° view · {doc.StkCodeCalcNS}</p>
        <h1 className="sd-title">{title}</h1>
      </div>
      {player}
    </div>
  );
}

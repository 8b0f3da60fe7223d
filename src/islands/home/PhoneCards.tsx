/** The phone carousel: a horizontal smooth-scroll list of up to 100 cards (185 x 330, margin 24). */
import { StoneTile, type TileDoc } from './StoneTile.tsx';

export function PhoneCards({ stones, signedIn, label }: { stones: TileDoc[]; signedIn: boolean; label: string }) {
  return (
    <ul className="phone-cards" aria-label={label}>
      {stones.map((s) => (
        <li key={s._id} className="phone-cards__item">
          <StoneTile stone={s} signedIn={signedIn} compact headingLevel="h4" />
        </li>
      ))}
    </ul>
  );
}

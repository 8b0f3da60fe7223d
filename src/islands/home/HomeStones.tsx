/**
 * #special-offers body: the strip (at most 3 specials, else LATEST ARRIVALS; chosen at build
 * time, prices filled in live) and the carousel below it (desktop or phone). Server-rendered
 * from the build-time stones, so visitors without JS still see the strip.
 */
import { PHONE_QUERY, useMedia } from '../ui/useMedia.ts';
import { useHomeStones } from './useHomeStones.ts';
import { Carousel } from './Carousel.tsx';
import { PhoneCards } from './PhoneCards.tsx';
import { StoneTile, type TileDoc } from './StoneTile.tsx';
import './stones.css';

type Props = { initial: TileDoc[]; title: string };

export default function HomeStones({ initial, title }: Props) {
  const { strip, carousel, signedIn } = useHomeStones(initial.map((s) => s._id));
  const phone = useMedia(PHONE_QUERY);
  const tiles: TileDoc[] = strip && strip.length > 0 ? strip : initial;
  const more = carousel ?? [];
  return (
    <div className="home-stones" data-featured-strip>
      <ul className="featured__grid" aria-label={title}>
        {tiles.map((s) => (
          <li key={s._id}>
            <StoneTile stone={s} signedIn={signedIn} />
          </li>
        ))}
      </ul>
      <div className="home-stones__more" aria-busy={carousel == null}>
        {more.length > 0 ? (
          <>
            <h3 className="home-stones__more-title">More from the stock list</h3>
            {phone ? (
              <PhoneCards stones={more} signedIn={signedIn} label="More stones" />
            ) : (
              <Carousel stones={more} signedIn={signedIn} label="More stones" />
            )}
          </>
        ) : null}
      </div>
    </div>
  );
}

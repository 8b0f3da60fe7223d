/**
 * The image pane: modes front (0), side (1, disabled for parcels) and gallery (2, disabled
 * without images), and the 360 toggle: the player when the stone has a 360 set (switching
 * to the details tab), else the 'Coming Soon' message dialog. Closing restores the front.
 */
import { useState } from 'react';
import { isParcel, type DiamondDoc } from '../../domain/diamond.ts';
import type { SpinSet } from '../../domain/player360.ts';
import { openComingSoon360 } from '../../stores/dialog.ts';
import { Player360 } from '../player360/Player360.tsx';
import { shapeName } from './stone-view.ts';

type Mode = 0 | 1 | 2;
type Props = { doc: DiamondDoc; images: string[]; spin: SpinSet | null; onShowDetails: () => void };

export function ImagePane({ doc, images, spin, onShowDetails }: Props) {
  const [mode, setMode] = useState<Mode>(0);
  const [other, setOther] = useState<'360' | null>(null);
  const [slide, setSlide] = useState(0);
  const name = shapeName(doc.StkShape);

  const pick = (m: Mode) => {
    setOther(null);
    setMode(m);
    setSlide(0);
  };
  const show360 = () => {
    if (!spin) {
      return openComingSoon360();
    }
    onShowDetails();
    setOther('360');
  };
  const close360 = () => pick(0);

  const thumbs: { mode: Mode; label: string; src: string | undefined; disabled: boolean }[] = [
    { mode: 0, label: 'Front', src: doc.img, disabled: false },
    { mode: 1, label: 'Side', src: doc.imgSide, disabled: isParcel(doc.StkCatType) },
    { mode: 2, label: 'Gallery', src: images[0], disabled: images.length === 0 },
  ];

  return (
    <section className="sd-media" aria-label="Images">
      <div className="sd-stage">
        {other === '360' && spin ? (
          <>
            <Player360 set={spin} label={`360° view of the ${name}`} />
            <button type="button" className="sd-stage__close" onClick={close360} aria-label="Close the 360 view">
              ×
            </button>
          </>
        ) : mode === 2 && images.length > 0 ? (
          <Gallery images={images} index={slide} onIndex={setSlide} name={name} />
        ) : (
          <img
            className="sd-stage__img"
            src={mode === 1 ? doc.imgSide : doc.img}
            alt={`${name}, ${mode === 1 ? 'side' : 'front'} view`}
          />
        )}
      </div>
      <div className="sd-thumbs" role="group" aria-label="Image view">
        {thumbs.map((t) => (
          <button
            key={t.label}
            type="button"
            className="sd-thumb"
            aria-pressed={other == null && mode === t.mode}
            disabled={t.disabled}
            onClick={() => pick(t.mode)}
          >
            {t.src ? <img src={t.src} alt="" /> : <span className="sd-thumb__mark" aria-hidden="true" />}
            <span>{t.label}</span>
          </button>
        ))}
        <button type="button" className="sd-thumb sd-thumb--360" aria-pressed={other === '360'} onClick={show360}>
          <span className="sd-thumb__mark" aria-hidden="true">
            360°
          </span>
          <span>360 view</span>
        </button>
      </div>
    </section>
  );
}

function Gallery({
  images,
  index,
  onIndex,
  name,
}: {
  images: string[];
  index: number;
  onIndex: (i: number) => void;
  name: string;
}) {
  const n = images.length;
  return (
    <div className="sd-gallery">
      <img className="sd-stage__img" src={images[index]} alt={`${name}, photograph ${index + 1} of ${n}`} />
      {n > 1 && (
        <div className="sd-gallery__nav">
          <button type="button" aria-label="Previous image" onClick={() => onIndex((index - 1 + n) % n)}>
            ‹
          </button>
          <span className="num">
            {index + 1} / {n}
          </span>
          <button type="button" aria-label="Next image" onClick={() => onIndex((index + 1) % n)}>
            ›
          </button>
        </div>
      )}
    </div>
  );
}

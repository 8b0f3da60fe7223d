/** What a trader does with every found stone of a pasted list: bag, compare, favourites, download, a client page. */
import { useState } from 'react';
import { addAllToBag } from '../../../stores/bag.ts';
import { addManyToList } from '../../../stores/favourites.ts';
import { MakeClientPage } from '../../client-pages/MakeClientPage.tsx';

type Props = { ids: number[]; onDownload: () => void };

export function PasteActions({ ids, onDownload }: Props) {
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const n = ids.length;
  const run = (work: () => Promise<string>) => {
    setBusy(true);
    setSaid('');
    work()
      .then(setSaid, () => setSaid('That did not work; try again.'))
      .finally(() => setBusy(false));
  };
  const stones = (k: number) => `${k} ${k === 1 ? 'stone' : 'stones'}`;
  return (
    <div className="paste__actions" role="group" aria-label="With every found stone">
      <button
        type="button"
        className="btn btn--small"
        disabled={busy || n === 0}
        onClick={() =>
          run(async () => {
            const { added, refused } = await addAllToBag(ids);
            const there = n - added - refused;
            const notes = [there > 0 && `${stones(there)} already there`, refused > 0 && `${stones(refused)} refused`];
            const more = notes.filter(Boolean).join(', ');
            return `Added ${stones(added)} to the bag${more ? ` (${more})` : ''}.`;
          })
        }
      >
        Add all found to the bag
      </button>
      <button
        type="button"
        className="btn btn--ghost btn--small"
        disabled={busy || n === 0}
        onClick={() => run(async () => `Compare now holds ${stones(await addManyToList('compare', ids))}.`)}
      >
        Add to compare
      </button>
      <button
        type="button"
        className="btn btn--ghost btn--small"
        disabled={busy || n === 0}
        onClick={() => run(async () => `Favourites now hold ${stones(await addManyToList('favourites', ids))}.`)}
      >
        Add to favourites
      </button>
      <button type="button" className="btn btn--ghost btn--small" disabled={n === 0} onClick={onDownload}>
        Download found
      </button>
      <MakeClientPage diamondIds={ids} from="pasted list" small />
      <p className="paste__said" role="status">
        {said}
      </p>
    </div>
  );
}

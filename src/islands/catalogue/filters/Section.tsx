/** One titled group of the filter panel (a fieldset with its legend). */
import type { ReactNode } from 'react';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="cat-filter">
      <legend className="cat-filter__title">{title}</legend>
      {children}
    </fieldset>
  );
}

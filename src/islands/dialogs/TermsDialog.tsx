/**
 * The terms of service dialog: the sections of the terms page's list block; Back returns to
 * the register form with its values when it was opened from there.
 */
import { AT_BUILD } from '../ui/at-build.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { useEffect } from 'react';
import { openDialog, type DialogProps } from '../../stores/dialog.ts';
import { $site, loadSite } from '../../stores/site.ts';
import { DialogFrame } from './DialogFrame.tsx';
import { listBlock } from './site-blocks.ts';

export function TermsDialog({ props }: { props: DialogProps }) {
  useIslandStore($site, AT_BUILD.site);
  useEffect(() => void loadSite(), []);
  const sections = listBlock('terms_list');
  return (
    <DialogFrame
      wide
      title="Terms and Conditions"
      eyebrow="Trade terms"
      onBack={
        props.values
          ? () => openDialog('register', { values: props.values, requestApiAccess: props.requestApiAccess })
          : undefined
      }
    >
      <div className="fx-prose">
        {sections.length === 0 ? (
          <p>
            Our terms apply to every sale to trade customers. Read them in full on the{' '}
            <a href="/terms-and-conditions">Terms &amp; Conditions</a> page.
          </p>
        ) : (
          sections.map((s) => (
            <section key={s.title}>
              <h3>{s.title}</h3>
              <p>{s.content}</p>
            </section>
          ))
        )}
      </div>
    </DialogFrame>
  );
}

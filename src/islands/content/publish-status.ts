/**
 * After an admin saves a block: a status line that says where the change is. Visitors see a
 * saved block on their next page load at once (the server lays blocks saved since the last
 * build over the built pages, api/services/site/block-overlay.ts); the static pages are rebuilt
 * in the background, and the line follows GET /admin/site-build until that rebuild is done
 * ('Published …') or has failed.
 */
import { call, client, type AnswerOf } from '../../lib/api.ts';

type BuildStatus = AnswerOf<(typeof client.admin)['site-build']['$get']>;

const POLL_MS = 1000;
const GIVE_UP_MS = 5 * 60_000;
let box: HTMLElement | null = null;
let run = 0;

function line(text: string, state: 'publishing' | 'live' | 'failed'): void {
  if (!box) {
    box = document.createElement('div');
    box.className = 'block-publish';
    box.setAttribute('role', 'status');
    box.setAttribute('aria-live', 'polite');
    document.body.append(box);
  }
  box.dataset.state = state;
  box.textContent = text;
}

const time = (iso: string | null) => (iso ? new Date(iso) : new Date()).toLocaleTimeString('en-GB');

/** The build status now (its version is the one a finished rebuild must pass). */
export const buildStatus = () => call(client.admin['site-build'].$get()).catch(() => null);

/** Shows the publishing line for a save made when the build status was `before`, and follows it. */
export async function followPublishing(before: BuildStatus | null): Promise<void> {
  const mine = ++run;
  line('Saved. Visitors see it on their next page load; publishing the site pages…', 'publishing');
  const started = Date.now();
  while (mine === run && Date.now() - started < GIVE_UP_MS) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const s = await buildStatus();
    if (mine !== run) return;
    if (!s || s.state === 'off') return line('Saved and live for visitors.', 'live');
    if (s.state === 'failed')
      return line(
        'Saved and live for visitors, but rebuilding the site pages failed: the team has been told in the server log.',
        'failed',
      );
    if (s.state === 'idle' && s.version > (before?.version ?? -1))
      return line(`Published: live for every visitor since ${time(s.lastBuiltAt)}.`, 'live');
  }
}

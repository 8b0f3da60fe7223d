/** A request's timeline, oldest first: when, who, what (shared by the buyer's and the staff screens). */
import { statusLabel } from '../../../domain/status-label.ts';

export type TimelineEntry = { at: string; who: string; what: string; to: string | null };

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function RequestTimeline({ entries, headingId }: { entries: TimelineEntry[]; headingId: string }) {
  return (
    <section className="req-timeline" aria-labelledby={headingId}>
      <h3 id={headingId}>Timeline</h3>
      <ol>
        {entries.map((e, i) => (
          <li key={i}>
            <time dateTime={e.at} className="num">
              {when.format(new Date(e.at))}
            </time>
            <span className="req-timeline__who">{e.who}</span>
            <span>
              {e.what}
              {e.to && !e.what.includes(statusLabel(e.to)) ? ` (${statusLabel(e.to)})` : ''}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * A hold's live countdown (hh:mm, days past 24 h), ticking each 15 s; its words are read out
 * by screen readers only on demand (role timer is not live).
 */
import { useEffect, useState } from 'react';
import { countdownWords, formatCountdown } from '../../domain/trade/holds.ts';

export function Countdown({ until }: { until: string }) {
  const end = new Date(until).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="hold-countdown" role="timer" aria-label={`Hold ends in ${countdownWords(end - now)}`}>
      {formatCountdown(end - now)}
    </span>
  );
}

/** Small flag glyphs (drawn, so they show whatever emoji fonts the machine has). */
import type { ReactNode } from 'react';
import type { CurrencyCode } from '../../domain/money.ts';

const FLAGS: Record<CurrencyCode, ReactNode> = {
  GBP: (
    <>
      <rect width="24" height="16" fill="#012169" />
      <path d="M0 0l24 16M24 0L0 16" stroke="#fff" strokeWidth="3" />
      <path d="M0 0l24 16M24 0L0 16" stroke="#C8102E" strokeWidth="1" />
      <path d="M12 0v16M0 8h24" stroke="#fff" strokeWidth="5" />
      <path d="M12 0v16M0 8h24" stroke="#C8102E" strokeWidth="3" />
    </>
  ),
  USD: (
    <>
      <rect width="24" height="16" fill="#fff" />
      {[0, 2, 4, 6, 8, 10, 12].map((i) => (
        <rect key={i} y={i * (16 / 13) * 2} width="24" height={16 / 13} fill="#B22234" />
      ))}
      <rect width="10" height={(16 / 13) * 7} fill="#3C3B6E" />
    </>
  ),
  EUR: (
    <>
      <rect width="24" height="16" fill="#003399" />
      {Array.from({ length: 12 }, (_, i) => {
        const a = (i / 12) * 2 * Math.PI;
        return <circle key={i} cx={12 + 5 * Math.sin(a)} cy={8 - 5 * Math.cos(a)} r="0.8" fill="#FFCC00" />;
      })}
    </>
  ),
  JPY: (
    <>
      <rect width="24" height="16" fill="#fff" />
      <circle cx="12" cy="8" r="4.8" fill="#BC002D" />
    </>
  ),
  NZD: (
    <>
      <rect width="24" height="16" fill="#012169" />
      <path d="M0 0l10 6.5M10 0L0 6.5" stroke="#fff" strokeWidth="1.6" />
      <path d="M5 0v6.5M0 3.25h10" stroke="#fff" strokeWidth="2.2" />
      <path d="M5 0v6.5M0 3.25h10" stroke="#C8102E" strokeWidth="1.2" />
      {[
        [18, 4],
        [16, 8],
        [20, 7.5],
        [18, 12.5],
      ].map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="0.9" fill="#C8102E" stroke="#fff" strokeWidth="0.4" />
      ))}
    </>
  ),
};

export function Flag({ ccy }: { ccy: string }) {
  const flag = (FLAGS as Record<string, ReactNode>)[ccy];
  if (!flag) return null;
  return (
    <svg className="ccy__flag" width="20" height="14" viewBox="0 0 24 16" aria-hidden="true">
      {flag}
    </svg>
  );
}

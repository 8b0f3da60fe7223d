/**
 * The small pages the API itself answers to a person's browser (an alert e-mail's unsubscribe
 * page, a refused form): the site's ivory and ink with its one gold accent, its serif for the
 * heading, a link home, a heading, a line, and a form when there is one. Every value is escaped.
 */
import { escapeHtml } from '../accounts/email-templates.ts';

export type PlainPage = {
  /** the site's name, linked home; "Back to the site" when not known */
  siteName?: string;
  heading: string;
  line: string;
  /** a form with one button, posting to `action` */
  form?: { action: string; button: string };
  /** a second link under the line */
  link?: { href: string; text: string };
};

export function plainPage({ siteName, heading, line, form, link }: PlainPage): string {
  const button = form
    ? `<form method="post" action="${escapeHtml(form.action)}"><button type="submit">${escapeHtml(form.button)}</button></form>`
    : '';
  const more = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : '';
  const home = siteName ? escapeHtml(siteName) : 'Back to the site';
  const title = siteName ? `${escapeHtml(heading)} · ${escapeHtml(siteName)}` : escapeHtml(heading);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{margin:0;background:#faf7f0;color:#141414;font:16px/1.6 Inter,system-ui,-apple-system,"Segoe UI",sans-serif}
header{border-bottom:1px solid #e4dccb;padding:1.1rem 1.5rem}
header a{font:500 1.4rem/1 "Cormorant Garamond",Georgia,"Times New Roman",serif;letter-spacing:.04em;text-decoration:none}
main{max-width:34rem;margin:10vh auto;padding:0 1.5rem}
h1{font:400 2.2rem/1.2 "Cormorant Garamond",Georgia,"Times New Roman",serif;margin:0 0 1rem}
h1::after{content:"";display:block;width:3rem;height:1px;background:#8a6d2f;margin-top:1rem}
button{font:inherit;letter-spacing:.02em;padding:.7rem 1.4rem;background:#141414;color:#faf7f0;border:1px solid #141414;cursor:pointer;min-height:44px}
button:hover{background:#2a2a2a}
button:focus-visible,a:focus-visible{outline:3px solid #8a6d2f;outline-offset:2px}
a{color:#141414}
</style></head>
<body><header><a href="/">${home}</a></header><main><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(line)}</p>${button}${more}</main></body></html>`;
}

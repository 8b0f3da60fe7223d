/** Copy-paste first calls (curl, Node, PHP, Python) against this site's own API Link address. */
import { useState } from 'react';
import { CopyButton } from '../../ui/CopyButton.tsx';

const LANGS = ['curl', 'Node', 'PHP', 'Python'] as const;
type Lang = (typeof LANGS)[number];

export function snippets(base: string): Record<Lang, string> {
  return {
    curl: `export FACET_KEY="ftk_t_…"   # your key

curl -H "Authorization: Bearer $FACET_KEY" ${base}/me
curl -H "Authorization: Bearer $FACET_KEY" "${base}/stones?limit=100"`,
    Node: `// Node 18+ (built-in fetch)
const key = process.env.FACET_KEY;
const res = await fetch('${base}/stones?limit=100', {
  headers: { Authorization: \`Bearer \${key}\` },
});
if (!res.ok) throw new Error(\`API Link: \${res.status} \${await res.text()}\`);
const page = await res.json();
console.log(page);`,
    PHP: `<?php
$key = getenv('FACET_KEY');
$ch = curl_init('${base}/stones?limit=100');
curl_setopt_array($ch, [
  CURLOPT_HTTPHEADER => ["Authorization: Bearer $key"],
  CURLOPT_RETURNTRANSFER => true,
]);
$page = json_decode(curl_exec($ch), true);
print_r($page);`,
    Python: `import os, requests

key = os.environ["FACET_KEY"]
res = requests.get(
    "${base}/stones",
    params={"limit": 100},
    headers={"Authorization": f"Bearer {key}"},
    timeout=30,
)
res.raise_for_status()
print(res.json())`,
  };
}

export function QuickStart({ base }: { base: string }) {
  const [lang, setLang] = useState<Lang>('curl');
  const code = snippets(base)[lang];
  return (
    <section className="acc-card" aria-labelledby="api-quick-title">
      <h2 id="api-quick-title" className="acc-card__title">
        Quick start
      </h2>
      <p className="acc-muted">
        Your API address is <code data-testid="api-base">{base}</code>. Send the key in the Authorization header (
        <code>Bearer</code>), or as the password of Basic authentication for importers that take a URL with credentials.
        Keys in the query string are refused.
      </p>
      <div className="api-langs" role="group" aria-label="Language">
        {LANGS.map((l) => (
          <button
            key={l}
            type="button"
            className={`btn btn--small${l === lang ? '' : ' btn--ghost'}`}
            aria-pressed={l === lang}
            onClick={() => setLang(l)}
          >
            {l}
          </button>
        ))}
      </div>
      <pre className="acc-code" tabIndex={0} aria-label={`${lang} example`}>
        <code>{code}</code>
      </pre>
      <CopyButton text={code} label={`Copy ${lang} example`} />
    </section>
  );
}

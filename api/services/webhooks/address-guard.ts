/**
 * SSRF guard for webhook endpoints. A customer's URL must be https (http only with
 * WEBHOOKS_ALLOW_LOOPBACK, for tests) and its host, and every address it resolves to, must be a
 * public unicast address: not loopback (allowed only with WEBHOOKS_ALLOW_LOOPBACK), private
 * (RFC 1918, fc00::/7), link-local (169.254/16 with the cloud metadata address, fe80::/10),
 * CGNAT (100.64/10), "this network" (0.0.0.0/8), multicast, reserved or any other range of
 * IANA's special-purpose registries (IPv4 and IPv6) that is not globally reachable. An IPv6
 * address that carries an IPv4 address (IPv4-mapped, SIIT, NAT64 64:ff9b::/96 and
 * 64:ff9b:1::/48, 6to4 2002::/16, Teredo 2001::/32, IPv4-compatible) is refused when the IPv4
 * inside is, and the translation and tunnel ranges are refused in any case.
 *
 * It is checked when an endpoint is registered or changed (`checkWebhookUrl`) and again at every
 * delivery: `guardedLookup` is the DNS lookup the delivery's socket uses, so the address that is
 * checked is the address that is connected to (no window for DNS rebinding).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export type AddressPolicy = { allowLoopback: boolean };

const named = (pairs: [string, number, 'ipv4' | 'ipv6'][]) => {
  const list = new BlockList();
  for (const [net, prefix, type] of pairs) list.addSubnet(net, prefix, type);
  return list;
};

const LOOPBACK = named([
  ['127.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
]);

/** Every other range a webhook may not reach, with the word used in the refusal. */
const REFUSED: [string, BlockList][] = [
  [
    'an unspecified address',
    named([
      ['0.0.0.0', 8, 'ipv4'],
      ['::', 128, 'ipv6'],
    ]),
  ],
  [
    'a private network',
    named([
      ['10.0.0.0', 8, 'ipv4'],
      ['172.16.0.0', 12, 'ipv4'],
      ['192.168.0.0', 16, 'ipv4'],
      ['fc00::', 7, 'ipv6'],
      ['fec0::', 10, 'ipv6'],
    ]),
  ],
  ['a shared (CGNAT) network', named([['100.64.0.0', 10, 'ipv4']])],
  [
    'a link-local or metadata address',
    named([
      ['169.254.0.0', 16, 'ipv4'],
      ['fe80::', 10, 'ipv6'],
    ]),
  ],
  [
    'a multicast address',
    named([
      ['224.0.0.0', 4, 'ipv4'],
      ['ff00::', 8, 'ipv6'],
    ]),
  ],
  [
    'a reserved address',
    named([
      ['192.0.0.0', 24, 'ipv4'],
      ['192.0.2.0', 24, 'ipv4'],
      ['198.18.0.0', 15, 'ipv4'],
      ['198.51.100.0', 24, 'ipv4'],
      ['203.0.113.0', 24, 'ipv4'],
      ['240.0.0.0', 4, 'ipv4'],
      ['2001:db8::', 32, 'ipv6'],
      ['100::', 64, 'ipv6'],
    ]),
  ],
];

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part allowed), or null. */
function ipv6Groups(ip: string): number[] | null {
  let text = ip;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (h: string) => (h ? h.split(':').map((g) => parseInt(g, 16)) : []);
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const fill = 8 - head.length - tail.length;
  if (halves.length === 1 ? head.length !== 8 : fill < 0) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? fill : 0).fill(0), ...tail];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

const v4Of = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');

/**
 * The IPv4 address an IPv6 address carries, and whether that form is only a way of writing it
 * (IPv4-mapped: judged as the IPv4 address, loopback allowed with the setting) or a
 * translation or tunnel (SIIT, NAT64, 6to4, Teredo, IPv4-compatible: refused whenever the
 * IPv4 inside is).
 */
function embeddedIpv4(ip: string): { v4: string; mapped: boolean } | null {
  const g = ipv6Groups(ip);
  if (!g) return null;
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && g[5] === 0xffff) return { v4: v4Of(g[6]!, g[7]!), mapped: true }; // ::ffff:0:0/96
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return { v4: v4Of(g[6]!, g[7]!), mapped: false }; // SIIT ::ffff:0:0:0/96
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return { v4: v4Of(g[6]!, g[7]!), mapped: false }; // NAT64 64:ff9b::/96
  if (g[0] === 0x2002) return { v4: v4Of(g[1]!, g[2]!), mapped: false }; // 6to4 2002::/16
  if (g[0] === 0x2001 && g[1] === 0) return { v4: v4Of(g[6]! ^ 0xffff, g[7]! ^ 0xffff), mapped: false }; // Teredo client
  if (zero(0, 6) && (g[6]! !== 0 || g[7]! > 1)) return { v4: v4Of(g[6]!, g[7]!), mapped: false }; // IPv4-compatible ::/96
  return null;
}

/** IANA special-purpose ranges that are not globally reachable, beyond the named ones above. */
const SPECIAL = named([
  ['192.88.99.0', 24, 'ipv4'], // 6to4 relay anycast (deprecated)
  ['64:ff9b:1::', 48, 'ipv6'], // local-use IPv4/IPv6 translation
  ['64:ff9b::', 96, 'ipv6'], // NAT64 (a public IPv4 inside: still a translator, not the host)
  ['::ffff:0:0:0', 96, 'ipv6'], // SIIT
  ['::', 96, 'ipv6'], // IPv4-compatible (deprecated)
  ['100:0:0:1::', 64, 'ipv6'], // dummy prefix
  ['2001::', 23, 'ipv6'], // IETF protocol assignments, Teredo among them
  ['2002::', 16, 'ipv6'], // 6to4
  ['3fff::', 20, 'ipv6'], // documentation
  ['5f00::', 16, 'ipv6'], // SRv6 SIDs
]);

/** Why `ip` may not be reached, or null when it may. */
export function addressRefusal(ip: string, policy: AddressPolicy): string | null {
  const bare = ip
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
    .toLowerCase();
  const family = isIP(bare);
  if (family === 0) return 'not an IP address';
  if (family === 6) {
    const inside = embeddedIpv4(bare);
    if (inside?.mapped) return addressRefusal(inside.v4, policy);
    if (inside) {
      const why = addressRefusal(inside.v4, { allowLoopback: false });
      if (why) return `${why} (inside an IPv6 address)`;
    }
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (LOOPBACK.check(bare, type)) return policy.allowLoopback ? null : 'a loopback address';
  for (const [why, list] of REFUSED) if (list.check(bare, type)) return why;
  if (SPECIAL.check(bare, type)) return 'a special-purpose address';
  return null;
}

export class AddressRefused extends Error {}

type Lookup = (host: string) => Promise<LookupAddress[]>;
const systemLookup: Lookup = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/** Resolves `host` (all addresses) and refuses it when any address is refused. */
export async function resolvePublic(
  host: string,
  policy: AddressPolicy,
  lookup: Lookup = systemLookup,
): Promise<LookupAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  let addresses: LookupAddress[];
  if (literal) addresses = [{ address: bare, family: literal }];
  else {
    try {
      addresses = await lookup(bare);
    } catch {
      throw new AddressRefused(`${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new AddressRefused(`${host} does not resolve`);
  for (const { address } of addresses) {
    const why = addressRefusal(address, policy);
    if (why) throw new AddressRefused(`${host} points to ${why} (${address})`);
  }
  return addresses;
}

/** Why `raw` is no acceptable webhook URL before any DNS look-up, or null. */
export function urlShapeRefusal(raw: string, policy: AddressPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a full URL starting with https://';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowLoopback)) {
    return 'The URL must start with https://';
  }
  if (url.username || url.password) return 'The URL may not contain a user name or password';
  if (!url.hostname) return 'The URL needs a host name';
  return null;
}

/** Refuses (AddressRefused) a URL that may not be used, after resolving its host. */
export async function checkWebhookUrl(raw: string, policy: AddressPolicy, lookup?: Lookup): Promise<URL> {
  const shape = urlShapeRefusal(raw, policy);
  if (shape) throw new AddressRefused(shape);
  const url = new URL(raw);
  await resolvePublic(url.hostname, policy, lookup);
  return url;
}

/** A socket lookup (http.request's `lookup`) that resolves, checks every address, then connects. */
export function guardedLookup(policy: AddressPolicy, lookup: Lookup = systemLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublic(hostname, policy, lookup).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
        if (usable.length === 0) return callback(new AddressRefused(`${hostname} has no usable address`), '', 0);
        if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, usable);
        return callback(null, usable[0]!.address, usable[0]!.family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
    );
  };
}

/**
 * SSRF guard for webhook endpoints. A customer's URL must be https (http only with
 * WEBHOOKS_ALLOW_LOOPBACK, for tests) and its host, and every address it resolves to, must be a
 * public unicast address: not loopback (allowed only with WEBHOOKS_ALLOW_LOOPBACK), private
 * (RFC 1918, fc00::/7), link-local (169.254/16 with the cloud metadata address, fe80::/10),
 * CGNAT (100.64/10), "this network" (0.0.0.0/8), multicast or reserved. IPv4-mapped and NAT64
 * IPv6 addresses are judged by the IPv4 address inside.
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

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedIpv4(ip: string): string | null {
  const m = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(ip);
  if (!m) return null;
  if (m[1]) return m[1];
  const hi = parseInt(m[2]!, 16);
  const lo = parseInt(m[3]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Why `ip` may not be reached, or null when it may. */
export function addressRefusal(ip: string, policy: AddressPolicy): string | null {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const v4 = embeddedIpv4(bare.toLowerCase());
  if (v4) return addressRefusal(v4, policy);
  const family = isIP(bare);
  if (family === 0) return 'not an IP address';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (LOOPBACK.check(bare, type)) return policy.allowLoopback ? null : 'a loopback address';
  for (const [why, list] of REFUSED) if (list.check(bare, type)) return why;
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

/**
 * The webhook address guard against IPv6 forms that carry a private or loopback IPv4 address
 * (6to4, SIIT, IPv4-mapped, NAT64, Teredo, IPv4-compatible) and IANA's other special-purpose
 * ranges; public addresses pass, and WEBHOOKS_ALLOW_LOOPBACK still lets tests use 127.0.0.1.
 */
import { describe, expect, it } from 'vitest';
import { addressRefusal } from '../../api/services/webhooks/address-guard.ts';

const strict = { allowLoopback: false };
const loopbackOk = { allowLoopback: true };

describe('webhook address guard', () => {
  it('refuses IPv6 forms of loopback and private IPv4 addresses', () => {
    for (const ip of [
      '[2002:7f00:1::]', // 6to4 of 127.0.0.1
      '2002:a00:1::1', // 6to4 of 10.0.0.1
      '2002:c0a8:101::', // 6to4 of 192.168.1.1
      '[::ffff:0:7f00:1]', // SIIT of 127.0.0.1
      '::ffff:0:10.0.0.1', // SIIT, dotted
      '::ffff:127.0.0.1', // IPv4-mapped
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe', // mapped metadata address
      '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
      '64:ff9b::192.168.0.1',
      '64:ff9b:1::a00:1', // local-use NAT64
      '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo, client 127.0.0.1
      '2001::1', // Teredo range itself
      '::127.0.0.1', // IPv4-compatible
      '::7f00:1',
    ]) {
      expect(addressRefusal(ip, strict), ip).not.toBeNull();
      // the loopback setting is for plain loopback only, never for a tunnel or translation
      if (!ip.includes('ffff:127') && !ip.includes('ffff:7f00') && !ip.includes('a9fe'))
        expect(addressRefusal(ip, loopbackOk), `${ip} with loopback allowed`).not.toBeNull();
    }
    expect(addressRefusal('[2002:7f00:1::]', strict)).toMatch(/loopback/);
    expect(addressRefusal('[::ffff:0:7f00:1]', strict)).toMatch(/loopback/);
  });

  it("refuses IANA's other special-purpose ranges, IPv4 and IPv6", () => {
    for (const ip of [
      '192.88.99.1',
      '192.0.0.8',
      '198.18.0.1',
      '240.0.0.1',
      '255.255.255.255',
      '100::1',
      '100:0:0:1::1',
      '2001:db8::1',
      '2001:2::1',
      '3fff::1',
      '5f00::1',
      '2002:5db8:d822::1', // 6to4 even of a public address
      '64:ff9b::5db8:d822', // NAT64 even of a public address
    ]) {
      expect(addressRefusal(ip, strict), ip).not.toBeNull();
    }
  });

  it('lets public addresses through, and loopback with the setting', () => {
    for (const ip of ['93.184.216.34', '2606:4700::1111', '2a00:1450:4009:81f::200e', '::ffff:93.184.216.34'])
      expect(addressRefusal(ip, strict), ip).toBeNull();
    expect(addressRefusal('127.0.0.1', loopbackOk)).toBeNull();
    expect(addressRefusal('::1', loopbackOk)).toBeNull();
    expect(addressRefusal('10.0.0.1', loopbackOk)).not.toBeNull();
  });
});

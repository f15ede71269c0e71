import { BlockList, isIP } from 'node:net';

/*
 * Which addresses the server may fetch a saved page from: public unicast only. Everything that
 * reaches this machine, its network or a cloud's metadata service is refused — also when written
 * in another form (IPv4-mapped ::ffff:127.0.0.1, NAT64 64:ff9b::7f00:1, 6to4 2002:7f00:1::).
 * Numeric IPv4 forms such as 127.1, 2130706433 or 0x7f000001 never get here: the URL parser
 * already writes them as 127.0.0.1.
 */

const refusedIPv4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  refusedIPv4.addSubnet(network, prefix, 'ipv4');
}

/** Global unicast. Outside it: loopback, unspecified, mapped, NAT64, unique-local, link-local, multicast. */
const globalIPv6 = new BlockList();
globalIPv6.addSubnet('2000::', 3, 'ipv6');

const refusedIPv6 = new BlockList();
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments, Teredo (embeds an IPv4 address)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds an IPv4 address)
  ['3fff::', 20], // documentation
] as const) {
  refusedIPv6.addSubnet(network, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  switch (isIP(address)) {
    case 4:
      return !refusedIPv4.check(address, 'ipv4');
    case 6:
      return !address.includes('%') && globalIPv6.check(address, 'ipv6') && !refusedIPv6.check(address, 'ipv6');
    default:
      return false;
  }
}

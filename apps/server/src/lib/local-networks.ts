import { BlockList } from 'node:net';

/**
 * Networks that are no one's on the internet: the unspecified address, loopback, private
 * networks, link-local and carrier-grade NAT. GeoIP answers no country for them. (Webhooks refuse
 * every address that is not public unicast, as ipaddr.js classifies it: webhooks/url-safety.ts.)
 */
export const LOCAL_IPV4_NETWORKS = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const;

export const LOCAL_IPV6_NETWORKS = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const;

/** A BlockList of the local networks. */
export function blockListOf(): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of LOCAL_IPV4_NETWORKS) list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of LOCAL_IPV6_NETWORKS) list.addSubnet(network, prefix, 'ipv6');
  return list;
}

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fmt, table } from './report';

/**
 * Summary of a V8 CPU profile (node --cpu-prof) of the server: where its CPU time went, by
 * package and by function (self time), to say what a slow route spends its time on.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** "zod", "pg", "node:zlib", "(garbage collector)", "apps/server" ... */
function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return url.replace(/^node:internal\//, 'node:').split('/')[0]!;
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  return url.includes('/apps/server/') ? 'apps/server (bundle)' : url;
}

/** "placeOrder apps/server (bundle):4694": a frame as the tables name it. */
function frameLabel({ functionName, url, lineNumber }: ProfileNode['callFrame']): string {
  return `${functionName || '(anonymous)'} ${packageOf(url, functionName)}${url ? `:${lineNumber + 1}` : ''}`;
}

/** The `top` largest entries of `map` (microseconds) as table rows: name, ms, share of `total`. */
function topRows(map: Map<string, number>, total: number, top: number): string[][] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => [name, fmt(us / 1000, 0), `${fmt((us / total) * 100)} %`]);
}

export function summariseProfile(dir: string, top = 12): string {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) return `no CPU profile in ${dir}`;
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );

  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id)!;
    if (callFrame.functionName === '(idle)') continue;
    total += us;
    const pkg = packageOf(callFrame.url, callFrame.functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
    const fn = frameLabel(callFrame);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  const rows = (map: Map<string, number>) => topRows(map, total, top);
  return [
    `Server CPU profile: ${fmt(total / 1e6)} s of CPU (idle excluded)`,
    table(['package', 'self ms', 'share'], rows(byPackage)),
    '',
    table(['function', 'self ms', 'share'], rows(byFunction)),
    '',
    nativeCallers(profile, byId, selfUs, total),
  ].join('\n');
}

/**
 * A native function's self time says little until one knows who called it: a socket write may
 * be the HTTP answer or a database query. For the costliest native function, the nearest
 * JavaScript frames that led to it, by self time.
 */
function nativeCallers(
  profile: CpuProfile,
  byId: Map<number, ProfileNode>,
  selfUs: Map<number, number>,
  total: number,
): string {
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  const isNative = ({ callFrame }: ProfileNode) =>
    packageOf(callFrame.url, callFrame.functionName) === '(native)';
  let costliest: string | undefined;
  const nativeSelf = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    if (!isNative(node)) continue;
    const name = node.callFrame.functionName;
    nativeSelf.set(name, (nativeSelf.get(name) ?? 0) + us);
    if (!costliest || nativeSelf.get(name)! > nativeSelf.get(costliest)!) costliest = name;
  }
  if (!costliest) return 'no native function in the profile';

  const byCaller = new Map<string, number>();
  for (const [id, us] of selfUs) {
    if (byId.get(id)!.callFrame.functionName !== costliest) continue;
    // Walk up to the first frame of a package (not node's own internals), which names the writer.
    let caller = parentOf.get(id);
    const path: string[] = [];
    while (caller !== undefined) {
      const { callFrame } = byId.get(caller)!;
      if (callFrame.url && !callFrame.url.startsWith('node:')) {
        path.push(frameLabel(callFrame));
        if (path.length === 2) break;
      }
      caller = parentOf.get(caller);
    }
    const key = path.length ? path.join(' < ') : '(no JavaScript caller)';
    byCaller.set(key, (byCaller.get(key) ?? 0) + us);
  }
  return table(
    [`${costliest} (native), called from`, 'self ms', 'share'],
    topRows(byCaller, total, 8),
  );
}

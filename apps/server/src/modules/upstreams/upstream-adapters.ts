import type { KeyVault } from '../../lib/key-vault';
import type { UpstreamAdapter } from './adapters/upstream-adapter';
import { KeymarketV1Adapter } from './adapters/keymarket-v1';
import type { UpstreamUrlRules } from './upstream-http';
import type { UpstreamRow } from './upstreams.repository';

/** The adapter speaking to `upstream`, with its key unsealed for the calls only. */
export function adapterFor(
  upstream: Pick<UpstreamRow, 'kind' | 'baseUrl' | 'apiKeyCiphertext'>,
  vault: KeyVault,
  rules: UpstreamUrlRules,
): UpstreamAdapter {
  switch (upstream.kind) {
    case 'keymarket-v1':
      return new KeymarketV1Adapter(
        upstream.baseUrl,
        vault.decrypt(upstream.apiKeyCiphertext),
        rules,
      );
    default:
      throw new Error(`No adapter for upstreams of kind ${upstream.kind}`);
  }
}

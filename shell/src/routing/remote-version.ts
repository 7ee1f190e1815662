// A remote's version.json (written by its build beside mf-manifest.json), read before the remote is mounted: a
// remote built against contracts the shell does not satisfy is not mounted. Zod-free: it runs before the schemas.
import type { RemoteName } from '@bo/contracts/routes';
import contractsPackage from '@bo/contracts/package.json';

// The contracts version this shell was built with.
export const shellContractsVersion: string = contractsPackage.version;

export type RemoteVersion = {
  name: string;
  version: string;
  builtAt: string;
  contracts: { version: string; range: string };
  singletons: Record<string, string>;
};

export type RemoteFailure = 'incompatible' | 'unavailable';

// What the user reads is French and short; `detail` (technical, maybe English) goes to the console only.
export class RemoteLoadError extends Error {
  readonly remote: RemoteName;
  readonly kind: RemoteFailure;
  readonly detail: string;
  readonly reason: string;
  constructor(remote: RemoteName, reason: string, options: { kind?: RemoteFailure; detail?: string } = {}) {
    super(`Module ${remote} indisponible : ${reason}`);
    this.name = 'RemoteLoadError';
    this.remote = remote;
    this.reason = reason;
    this.kind = options.kind ?? 'unavailable';
    this.detail = options.detail ?? reason;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseRemoteVersion(json: unknown): RemoteVersion | null {
  if (!isRecord(json) || !isRecord(json.contracts)) return null;
  const { name, version, builtAt, contracts } = json;
  const singletons = isRecord(json.singletons) ? json.singletons : {};
  if (typeof name !== 'string' || typeof version !== 'string' || typeof builtAt !== 'string') return null;
  if (typeof contracts.version !== 'string' || typeof contracts.range !== 'string') return null;
  return {
    name,
    version,
    builtAt,
    contracts: { version: contracts.version, range: contracts.range },
    singletons: Object.fromEntries(
      Object.entries(singletons).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ),
  };
}

const parseSemver = (text: string): [number, number, number] | null => {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
};

// The ranges a build writes: an exact version, or a caret range (^1.2.3: same major; ^0.2.3: same minor).
export function satisfies(version: string, range: string): boolean {
  const actual = parseSemver(version);
  const caret = range.trim().startsWith('^');
  const wanted = parseSemver(caret ? range.trim().slice(1) : range);
  if (!actual || !wanted) return false;
  const [major, minor, patch] = actual;
  const [wMajor, wMinor, wPatch] = wanted;
  if (!caret) return major === wMajor && minor === wMinor && patch === wPatch;
  const atLeast = major > wMajor || (major === wMajor && (minor > wMinor || (minor === wMinor && patch >= wPatch)));
  if (!atLeast) return false;
  if (wMajor > 0) return major === wMajor;
  if (wMinor > 0) return major === 0 && minor === wMinor;
  return major === 0 && minor === 0 && patch === wPatch;
}

export type ContractCheck = { ok: true } | { ok: false; reason: string };

export function checkContracts(info: RemoteVersion, shellVersion = shellContractsVersion): ContractCheck {
  if (satisfies(shellVersion, info.contracts.range)) return { ok: true };
  return {
    ok: false,
    reason: `construit avec les contrats ${info.contracts.version} (compatibles ${info.contracts.range}), l’application fournit ${shellVersion}`,
  };
}

// version.json beside the manifest.
export const versionUrlOf = (manifestUrl: string) => new URL('version.json', manifestUrl).href;

// Reads and checks the remote's version.json; fails with a French reason when the remote cannot be mounted.
export async function fetchCheckedVersion(remote: RemoteName, manifestUrl: string): Promise<RemoteVersion> {
  const url = versionUrlOf(manifestUrl);
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-cache' });
  } catch (error) {
    throw new RemoteLoadError(remote, 'serveur injoignable', { detail: `${url} : ${String(error)}` });
  }
  if (!response.ok) {
    // Served, but without version.json: a build that does not say what it was built against is not mounted.
    throw new RemoteLoadError(remote, 'version inconnue (version.json absent)', {
      kind: response.status === 404 ? 'incompatible' : 'unavailable',
      detail: `${url} : HTTP ${response.status}`,
    });
  }
  const info = parseRemoteVersion(await response.json().catch(() => null));
  if (!info) throw new RemoteLoadError(remote, 'version.json illisible', { kind: 'incompatible', detail: url });
  const check = checkContracts(info);
  if (!check.ok)
    throw new RemoteLoadError(remote, check.reason, {
      kind: 'incompatible',
      detail: `${url} : ${JSON.stringify(info.contracts)}`,
    });
  return info;
}

import { checkContracts, parseRemoteVersion, satisfies, versionUrlOf } from './remote-version';

describe('contract ranges', () => {
  it.each([
    ['0.1.0', '^0.1.0', true],
    ['0.1.5', '^0.1.0', true],
    ['0.2.0', '^0.1.0', false],
    ['0.0.9', '^0.1.0', false],
    ['1.4.0', '^1.2.0', true],
    ['2.0.0', '^1.2.0', false],
    ['1.1.0', '^1.2.0', false],
    ['0.0.3', '^0.0.3', true],
    ['0.0.4', '^0.0.3', false],
    ['0.1.0', '0.1.0', true],
    ['0.1.1', '0.1.0', false],
    ['0.1.0', 'latest', false],
    ['abc', '^0.1.0', false],
  ])('%s in %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });
});

describe("a remote's version.json", () => {
  const valid = {
    name: 'contacts',
    version: '0.1.0-abcdef12',
    builtAt: '2026-11-25T01:00:00.000Z',
    contracts: { version: '0.1.0', range: '^0.1.0' },
    singletons: { react: '19.3.1', bad: 3 },
  };

  it('is read when well formed, and refused otherwise', () => {
    expect(parseRemoteVersion(valid)).toEqual({ ...valid, singletons: { react: '19.3.1' } });
    expect(parseRemoteVersion({ ...valid, contracts: '0.1.0' })).toBeNull();
    expect(parseRemoteVersion({ ...valid, version: 1 })).toBeNull();
    expect(parseRemoteVersion(null)).toBeNull();
  });

  it('gives the reason in French when the contracts do not fit the shell', () => {
    const info = parseRemoteVersion({ ...valid, contracts: { version: '0.0.1', range: '^0.0.1' } });
    expect(info && checkContracts(info, '0.1.0')).toEqual({
      ok: false,
      reason: 'construit avec les contrats 0.0.1 (compatibles ^0.0.1), l’application fournit 0.1.0',
    });
    expect(info && checkContracts({ ...info, contracts: { version: '0.1.0', range: '^0.1.0' } }, '0.1.0')).toEqual({
      ok: true,
    });
  });

  it('lives beside the manifest', () => {
    expect(versionUrlOf('http://localhost:3002/0.1.0-abcdef12/mf-manifest.json')).toBe(
      'http://localhost:3002/0.1.0-abcdef12/version.json',
    );
  });
});

import { createRequire } from 'node:module';
import path from 'node:path';

const load = createRequire(__filename);
type VersionFile = {
  name: string;
  version: string;
  builtAt: string;
  contracts: { version: string; range: string };
  singletons: Record<string, string>;
};
const { versionFile, contractsInfo } = load('../version-file.cjs') as {
  versionFile: (input: {
    name: string;
    packageVersion: string;
    hash: string;
    contracts: { version: string; range: string };
    shared: Record<string, { requiredVersion?: string }>;
    builtAt?: Date;
  }) => VersionFile;
  contractsInfo: (fromDir: string) => { version: string; range: string };
};
const { sharedConfig } = load('../federation.cjs') as {
  sharedConfig: (fromDir: string) => Record<string, { requiredVersion?: string }>;
};

const root = path.resolve(__dirname, '..', '..', '..');
const contactsDir = path.join(root, 'remotes', 'contacts');

describe("a remote's version.json", () => {
  const previous = process.env.BO_BUILD_ID;
  afterEach(() => {
    if (previous === undefined) delete process.env.BO_BUILD_ID;
    else process.env.BO_BUILD_ID = previous;
  });

  test('names the build: package version and short build hash, time, contracts, expected singletons', () => {
    delete process.env.BO_BUILD_ID;
    const file = versionFile({
      name: 'contacts',
      packageVersion: '0.1.0',
      hash: '0123456789abcdef',
      contracts: contractsInfo(contactsDir),
      shared: sharedConfig(contactsDir),
      builtAt: new Date('2026-11-25T01:00:00Z'),
    });
    expect(file.name).toBe('contacts');
    expect(file.version).toBe('0.1.0-01234567');
    expect(file.builtAt).toBe('2026-11-25T01:00:00.000Z');
    const contractsVersion = (load('@bo/contracts/package.json') as { version: string }).version;
    expect(file.contracts).toEqual({ version: contractsVersion, range: `^${contractsVersion}` });
    expect(Object.keys(file.singletons)).toEqual(
      expect.arrayContaining(['react', 'react-dom', 'react-router-dom', '@tanstack/react-query', 'antd', '@bo/client']),
    );
    expect(file.singletons.react).toBe((load('react/package.json') as { version: string }).version);
    // Content-shared packages are not singletons: a remote may bring its own copy.
    expect(file.singletons['@bo/contracts']).toBeUndefined();
  });

  test('a build id from the environment replaces the hash, to tell two builds of the same sources apart', () => {
    process.env.BO_BUILD_ID = 'rebuild2';
    const file = versionFile({
      name: 'admin',
      packageVersion: '1.2.3',
      hash: 'ffffffffffff',
      contracts: { version: '0.1.0', range: '^0.1.0' },
      shared: {},
    });
    expect(file.version).toBe('1.2.3-rebuild2');
    expect(file.singletons).toEqual({});
  });
});

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deploy, deployBuilt, list, readRegistry, remoteKey, rollback, type Builder } from '../deploy-root';
import { startStaticServer } from '../static-server';

// A stand-in for webpack: what a remote's build leaves (manifest, entry, a hashed chunk, version.json).
function fakeBuilder(version: string, builtAt = new Date().toISOString()): Builder {
  return (remote, outDir) => {
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'mf-manifest.json'), JSON.stringify({ name: remote }));
    writeFileSync(path.join(outDir, 'remoteEntry.js'), `// ${remote} ${version}`);
    writeFileSync(path.join(outDir, '110.a7455265.js'), `// chunk of ${version}`);
    writeFileSync(path.join(outDir, 'version.json'), JSON.stringify({ name: remote, version, builtAt }));
  };
}

let deployRoot: string;
beforeEach(() => {
  deployRoot = mkdtempSync(path.join(os.tmpdir(), 'bo-deploy-'));
});
afterEach(() => rmSync(deployRoot, { recursive: true, force: true }));

describe('npm run deploy', () => {
  test('builds a remote into its versioned folder and points the registry at it', () => {
    const result = deploy(deployRoot, 'contacts', fakeBuilder('0.1.0-aaaa1111'));
    expect(result).toEqual({ remote: 'contacts', version: '0.1.0-aaaa1111', previous: null, changed: true });
    expect(existsSync(path.join(deployRoot, 'contacts', '0.1.0-aaaa1111', 'mf-manifest.json'))).toBe(true);
    expect(readRegistry(deployRoot)).toEqual({ contacts: 'contacts/0.1.0-aaaa1111/mf-manifest.json' });
  });

  test('a new version becomes live, the old one stays on disk, the other remotes are untouched', () => {
    deploy(deployRoot, 'admin', fakeBuilder('0.1.0-adm00001'));
    deploy(deployRoot, 'contacts', fakeBuilder('0.1.0-aaaa1111', '2026-11-25T01:00:00.000Z'));
    const second = deploy(deployRoot, 'contacts', fakeBuilder('0.1.0-bbbb2222', '2026-11-25T02:00:00.000Z'));
    expect(second.previous).toBe('0.1.0-aaaa1111');
    expect(readRegistry(deployRoot)).toEqual({
      admin: 'admin/0.1.0-adm00001/mf-manifest.json',
      contacts: 'contacts/0.1.0-bbbb2222/mf-manifest.json',
    });
    expect(existsSync(path.join(deployRoot, 'contacts', '0.1.0-aaaa1111', 'remoteEntry.js'))).toBe(true);
    const contacts = list(deployRoot).find((entry) => entry.remote === 'contacts');
    expect(contacts?.live).toBe('0.1.0-bbbb2222');
    expect(contacts?.versions.map((v) => v.version)).toEqual(['0.1.0-aaaa1111', '0.1.0-bbbb2222']);
    // No staging folder nor temporary registry is left behind.
    expect(readFileSync(path.join(deployRoot, 'remotes.json'), 'utf8')).toContain('0.1.0-bbbb2222');
    expect(
      execFileSync('ls', ['-A', path.join(deployRoot, 'contacts')])
        .toString()
        .split('\n')
        .filter(Boolean)
        .sort(),
    ).toEqual(['0.1.0-aaaa1111', '0.1.0-bbbb2222', 'history.json']);
  });

  test('rollback makes the previous version live again, and refuses when there is none', () => {
    deploy(deployRoot, 'contacts', fakeBuilder('0.1.0-aaaa1111'));
    expect(() => rollback(deployRoot, 'contacts')).toThrow('Aucune version précédente de contacts');
    deploy(deployRoot, 'contacts', fakeBuilder('0.1.0-bbbb2222'));
    expect(rollback(deployRoot, 'contacts')).toEqual({
      remote: 'contacts',
      from: '0.1.0-bbbb2222',
      to: '0.1.0-aaaa1111',
    });
    expect(readRegistry(deployRoot).contacts).toBe('contacts/0.1.0-aaaa1111/mf-manifest.json');
    expect(existsSync(path.join(deployRoot, 'contacts', '0.1.0-bbbb2222'))).toBe(true);
    // Deploying the same version again only makes it live: the folder a user may be running is not rewritten.
    expect(deploy(deployRoot, 'contacts', fakeBuilder('0.1.0-aaaa1111')).changed).toBe(false);
  });

  test('a failed build or a build without version.json changes nothing', () => {
    deploy(deployRoot, 'contacts', fakeBuilder('0.1.0-aaaa1111'));
    const failing: Builder = () => {
      throw new Error('La construction de contacts a échoué.');
    };
    expect(() => deploy(deployRoot, 'contacts', failing)).toThrow('a échoué');
    const unnamed: Builder = (_remote, outDir) => mkdirSync(outDir, { recursive: true });
    expect(() => deploy(deployRoot, 'contacts', unnamed)).toThrow('version.json');
    const unsafe = fakeBuilder('../../etc');
    expect(() => deploy(deployRoot, 'contacts', unsafe)).toThrow('Version illisible');
    expect(readRegistry(deployRoot)).toEqual({ contacts: 'contacts/0.1.0-aaaa1111/mf-manifest.json' });
    expect(list(deployRoot).find((entry) => entry.remote === 'contacts')?.versions).toHaveLength(1);
  });

  test('remote names are the registry keys or the folder names; anything else is refused', () => {
    expect(remoteKey('needs-sheets')).toBe('needsSheets');
    expect(remoteKey('contacts')).toBe('contacts');
    expect(() => remoteKey('../shell')).toThrow('Module inconnu');
  });

  test('at start, built remotes are deployed once; a rollback survives a restart', () => {
    const builds: string[] = [];
    const builder: Builder = (remote, outDir) => {
      builds.push(remote);
      fakeBuilder('0.1.0-fromdist')(remote, outDir);
    };
    // Without dist/ folders in the way: every remote gets its build.
    deployBuilt(path.join(deployRoot, 'no-such-repository'), deployRoot, builder);
    expect(Object.keys(readRegistry(deployRoot)).sort()).toEqual([
      'admin',
      'agenda',
      'contacts',
      'needsSheets',
      'reports',
    ]);
    expect(builds).toHaveLength(5);
    // The same builds again: already known, nothing is rebuilt nor switched; a rolled-back remote stays so.
    deploy(deployRoot, 'admin', fakeBuilder('0.1.0-newer'));
    rollback(deployRoot, 'admin');
    deployBuilt(path.join(deployRoot, 'no-such-repository'), deployRoot, builder);
    expect(readRegistry(deployRoot).admin).toBe('admin/0.1.0-fromdist/mf-manifest.json');
  });
});

describe('the static server of the deploy root', () => {
  test('registry, manifest and version.json are revalidated; hashed chunks are cached for good', async () => {
    deploy(deployRoot, 'contacts', fakeBuilder('0.1.0-aaaa1111'));
    const server = await startStaticServer({
      dirs: [path.join(deployRoot, 'contacts')],
      port: 0,
      generated: { '/remotes.json': () => readRegistry(deployRoot) },
    });
    try {
      const header = async (url: string) => (await fetch(`${server.url}${url}`)).headers.get('cache-control');
      expect(await header('/remotes.json')).toBe('no-cache');
      expect(await header('/0.1.0-aaaa1111/mf-manifest.json')).toBe('no-cache');
      expect(await header('/0.1.0-aaaa1111/version.json')).toBe('no-cache');
      expect(await header('/0.1.0-aaaa1111/110.a7455265.js')).toBe('public, max-age=31536000, immutable');
      // The registry is read on each request: a deploy shows without a restart.
      deploy(deployRoot, 'contacts', fakeBuilder('0.1.0-bbbb2222'));
      expect(await (await fetch(`${server.url}/remotes.json`)).json()).toEqual({
        contacts: 'contacts/0.1.0-bbbb2222/mf-manifest.json',
      });
      expect((await fetch(`${server.url}/0.1.0-aaaa1111/remoteEntry.js`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

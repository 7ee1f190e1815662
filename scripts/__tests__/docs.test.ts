import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import runOutputs from '../run-outputs.cjs';

// The documentation lives in the repository: every relative link of the README and of docs/ reaches a file of it,
// and no source comment sends the reader to a document outside it (a comment states its rule, or links a page of
// docs/).
const root = path.resolve(__dirname, '../..');
const skipped = new Set([...runOutputs.anywhere, '.git']);
const skippedFromRoot = new Set(runOutputs.fromRoot.map((folder) => path.join(root, folder)));

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) || skippedFromRoot.has(full) ? [] : filesUnder(full, keep);
    return keep(entry.name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(root, file);
const markdownFiles = [
  path.join(root, 'README.md'),
  ...filesUnder(path.join(root, 'docs'), (name) => name.endsWith('.md')),
];

// The targets of a Markdown text's links, inline `[text](target)` and reference `[label]: target`, leaving out
// fenced code blocks and inline code, where brackets are code.
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
  const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]);
  const references = [...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map(
    (match) => match[1],
  );
  return [...inline, ...references];
}

const external = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

// Where a relative link leads, or why it leads nowhere.
function brokenLink(fromFile: string, target: string): string | null {
  const pathPart = decodeURI(target.replace(/[?#].*$/, ''));
  if (pathPart === '') return null;
  const resolved = path.resolve(path.dirname(fromFile), pathPart);
  if (resolved !== root && !resolved.startsWith(root + path.sep)) return 'outside the repository';
  const inside = relative(resolved).split(path.sep);
  if (
    inside.some((part) => skipped.has(part)) ||
    runOutputs.fromRoot.some((folder) => relative(resolved).startsWith(folder))
  ) {
    return 'in what the product writes as it runs';
  }
  if (!existsSync(resolved)) return 'no such file';
  if (!statSync(resolved).isFile()) return 'a folder, not a file';
  return null;
}

// Names of the documents the team worked from, which live outside the repository. Spelled so that this file does
// not match itself.
const outsideDocuments: Array<[string, RegExp]> = [
  ['a numbered section of the spec', /\bspec(?:ification)?'?s?\s+(?:sections?|§)/i],
  ['the architecture document', /\bARCHITECTUR[E]\b/],
  ['the conventions document', /\bCONVENTION[S]\b/],
  ['a numbered point of the conventions', /\bconventions,?\s+points?\b/i],
  ['the toolchain document', /\bTOOLCHAI[N]\b/],
  ['the card of the design', /\bdesign[ _-]?car[d]/i],
  ['the spec of the product', /\bproduct[-_ ]spe[c]\b/i],
  ['an issue of the tracker, which a clone does not hold', /\bissues?\s+#?\d+\b/i],
];

function outsideReferences(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      outsideDocuments
        .filter(([, pattern]) => pattern.test(line))
        .map(([what]) => `line ${index + 1}: ${what}: ${line.trim()}`),
    );
}

const sourceFolders = ['api', 'shared', 'remotes', 'shell', 'e2e', 'bench', 'scripts'];
const isSource = (name: string) => /\.(?:ts|tsx|cjs|mjs|js)$/.test(name);
const sourceFiles = [
  ...sourceFolders.flatMap((folder) => filesUnder(path.join(root, folder), isSource)),
  ...readdirSync(root)
    .filter(isSource)
    .map((name) => path.join(root, name)),
  path.join(root, '.ci', 'run'),
  path.join(root, 'package.json'),
];

describe('documentation', () => {
  it('finds the pages and their links (the walk itself works)', () => {
    expect(markdownFiles.map(relative)).toEqual(
      expect.arrayContaining(['README.md', path.join('docs', 'README.md'), path.join('docs', 'data-rules.md')]),
    );
    expect(linkTargets(readFileSync(path.join(root, 'README.md'), 'utf8'))).toContain('docs/README.md');
    expect(linkTargets('see [a](x.md), `[not](code.md)` and\n[b]: y.md "title"\n```\n[c](fenced.md)\n```\n')).toEqual([
      'x.md',
      'y.md',
    ]);
  });

  it('tells a broken relative link from a good one', () => {
    const readme = path.join(root, 'README.md');
    expect(brokenLink(readme, 'docs/README.md#top')).toBeNull();
    expect(brokenLink(readme, 'docs/no-such-page' + '.md')).toBe('no such file');
    expect(brokenLink(readme, '../elsewhere/page.md')).toBe('outside the repository');
    expect(brokenLink(readme, 'docs')).toBe('a folder, not a file');
  });

  it.each(markdownFiles.map(relative))('%s: every relative link reaches a file of the repository', (file) => {
    const full = path.join(root, file);
    const broken = linkTargets(readFileSync(full, 'utf8'))
      .filter((target) => !external(target))
      .map((target) => [target, brokenLink(full, target)])
      .filter(([, why]) => why !== null);
    expect(broken).toEqual([]);
  });

  it.each(markdownFiles.map(relative))('%s: names no document outside the repository', (file) => {
    expect(outsideReferences(readFileSync(path.join(root, file), 'utf8'))).toEqual([]);
  });
});

describe('source comments', () => {
  it('recognises a reference to a document outside the repository', () => {
    // Cut in two, so that this file does not match itself.
    const references = [
      '// (spec ' + 'section 4)',
      '// Spec ' + 'section 9: ten days',
      '// ARCHITECT' + 'URE section 3',
      '// (conventions, ' + 'point 4)',
      '// TOOL' + 'CHAIN',
      '// the design' + ' card',
      '// product' + '-spec.md',
      '// CSV imports (issue' + ' 17): the dry run',
    ];
    for (const line of references) {
      expect(outsideReferences(line)).toHaveLength(1);
    }
    for (const line of [
      '// Each architecture rule of the lint configuration',
      '// the spec texts',
      'const specs = sections;',
    ]) {
      expect(outsideReferences(line)).toEqual([]);
    }
  });

  it('reads the sources of every folder (the walk itself works)', () => {
    const files = sourceFiles.map(relative);
    expect(files).toEqual(
      expect.arrayContaining([
        path.join('api', 'src', 'app.ts'),
        'eslint.config.mjs',
        path.join('scripts', '__tests__', 'docs.test.ts'),
      ]),
    );
    expect(files.some((file) => file.includes(`${path.sep}node_modules${path.sep}`))).toBe(false);
  });

  it('point to no document outside the repository: a comment states its rule, or links a page of docs/', () => {
    const found = sourceFiles.flatMap((file) =>
      outsideReferences(readFileSync(file, 'utf8')).map((hit) => `${relative(file)} ${hit}`),
    );
    expect(found).toEqual([]);
  });

  it('name only pages of docs/ that exist', () => {
    const named = sourceFiles.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bdocs\/[\w/.-]*\w\.md\b/g)].map((match) => [relative(file), match[0]]),
    );
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter(([, page]) => !existsSync(path.join(root, page)))).toEqual([]);
  });
});

// Lints pieces of code as if they were files of the tree, with the project's lint configuration, and prints the
// rule ids each one breaks (JSON on stdin: [{ filePath, code }], relative to the repository). ESLint loads its
// configuration through import(), which jest's module system refuses: its test runs this in a node of its own.
import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let input = '';
for await (const chunk of process.stdin) input += chunk;

// ignore: false, so that the deliberate violations, kept out of the main lint run, are linted here.
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.mjs'), ignore: false });
const results = [];
for (const { filePath, code } of JSON.parse(input)) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  results.push({ filePath, ruleIds: result.messages.map((message) => message.ruleId ?? message.message) });
}
process.stdout.write(JSON.stringify(results));

// npm run deploy -- <remote>             builds the remote alone and makes the new version live
// npm run deploy -- <remote> --rollback  makes the previous version live again
// npm run deploy -- --list               the versions kept per remote, and the one live
// The deploy root is DEPLOY_ROOT (default: deploy/ at the root), the one `npm start` serves.
import { root } from './build';
import { defaultDeployRoot, deploy, list, remoteKey, rollback, webpackBuilder } from './deploy-root';

function main(args: string[]) {
  const deployRoot = defaultDeployRoot(root);
  if (args.includes('--list')) {
    for (const { remote, live, versions } of list(deployRoot)) {
      console.log(`${remote}${live ? '' : ' (aucune version en service)'}`);
      for (const v of versions)
        console.log(`  ${v.version === live ? '*' : ' '} ${v.version}  construit le ${v.builtAt}`);
    }
    return;
  }
  const names = args.filter((arg) => !arg.startsWith('--'));
  if (names.length !== 1) throw new Error('Usage : npm run deploy -- <module> [--rollback] | npm run deploy -- --list');
  const remote = remoteKey(names[0]);
  if (args.includes('--rollback')) {
    const { from, to } = rollback(deployRoot, remote);
    console.log(`${remote} : ${from} -> ${to} (remis en service)`);
    return;
  }
  const result = deploy(deployRoot, remote, webpackBuilder(root));
  console.log(
    result.changed
      ? `${remote} : ${result.previous ?? 'aucune'} -> ${result.version} (en service au prochain rechargement)`
      : `${remote} : ${result.version} déjà en service`,
  );
}

try {
  main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

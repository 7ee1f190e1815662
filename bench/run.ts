// npm run bench: every performance figure the issues ask for, each beside a baseline measured in the same run.
import { agendaBench } from './agenda';
import { frontendBench } from './frontend';
import { preloadBench } from './preload';

const only = process.argv[2];
if (!only || only === 'front') await frontendBench();
// The API bench is imported only when it runs: it seeds databases and reads DATABASE_URL.
if (!only || only === 'api') await (await import('../api/bench/api-bench')).apiBench();
if (!only || only === 'agenda') await agendaBench();
if (!only || only === 'preload') await preloadBench();
// Two API instances on PostgreSQL and Chromium: imported only when it runs.
if (!only || only === 'live') await (await import('./live')).liveBench();
// Seeds the large dataset in PostgreSQL and drives Chromium: imported only when it runs.
if (!only || only === 'search') await (await import('./list-search')).listSearchBench();

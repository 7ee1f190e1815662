import { config as zodConfig } from 'zod/v4/core';
import { startDownloads } from './boot/loaders';

// The page runs under a Content-Security-Policy without 'unsafe-eval' (scripts/security-headers.ts): zod's compiled
// parsers are out of reach there, and its probe for them (a `new Function`) would be reported as a violation. Set
// before any schema parses, for every copy of zod in the page (the setting is global).
zodConfig({ jitless: true });

// The async boundary: shared singletons are negotiated before any application code runs.
import('./bootstrap');
// What the first screen needs starts downloading now, beside React, not once it has rendered.
startDownloads();

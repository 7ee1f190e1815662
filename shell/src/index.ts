import { startDownloads } from './boot/loaders';

// The async boundary: shared singletons are negotiated before any application code runs.
import('./bootstrap');
// What the first screen needs starts downloading now, beside React, not once it has rendered.
startDownloads();

// What the two ways of serving the built front ends agree on (the Node static server of `npm start` and nginx in
// production): which files carry their content's hash, which are worth compressing, and their content types.

// A chunk's name carries its content's hash: cached for good. Everything else (the registry, manifests,
// version.json, remoteEntry.js, the HTML) is checked on each use.
export const hashedFilePattern = /\.[0-9a-f]{8}\.(js|css)$/;

export const compressibleExtensions = ['.js', '.css', '.html', '.json', '.map', '.svg', '.txt'] as const;

export const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

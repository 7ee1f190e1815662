// The nginx configuration of production mode, written from TypeScript (docs/production.md explains it block by
// block): one origin for the shell, the remotes' deployed versions and the API, the API's instances behind it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { uploadLimits } from '../../api/src/limits';
import { hashedFilePattern } from '../front-files';
import { remoteHeaders, shellHeaders } from '../security-headers';

export const brotliModule = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export type NginxSite = {
  // Folder of nginx's own files: pid, logs, temporary bodies (nothing under /etc or /var).
  prefix: string;
  // The shell's build, and the deploy root whose remotes.json says which version of each remote is live.
  shellDir: string;
  deployRoot: string;
  // config.json as served, with ORIGIN_MARK where the request's own origin goes.
  configFile: string;
  apiPorts: readonly number[];
  // Instances taken out of the rotation (`down`) before they are stopped: a rolling restart (docs/production.md).
  drained?: readonly number[];
  // TLS on `port` when given (and an HTTP port that sends to it), plain HTTP on `port` otherwise.
  port: number;
  tls: { certificate: string; key: string; redirectFrom: number | null; strictTransport: boolean } | null;
  // The user the workers run as when nginx is started by root (they read the builds and the deploy root).
  workerUser: string | null;
  brotli?: boolean;
};

// Replaced by nginx with the origin the browser used (config.json's apiUrl must be an absolute address).
export const ORIGIN_MARK = 'https://origin.invalid';

// An instance that refuses a connection or answers 502/503 leaves the rotation for this long, then gets one try: a
// rolling restart waits this long after an instance is back before stopping the next (docs/production.md).
export const failTimeoutSeconds = 5;
export const backInRotation = () => new Promise((resolve) => setTimeout(resolve, (failTimeoutSeconds + 1) * 1000));
// Exports stream a whole table: the longest an answer may keep nginx waiting between two reads.
const apiReadTimeout = '300s';

const quote = (value: string) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;

function headerLines(headers: Record<string, string>, indent: string): string {
  const all = { ...headers, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': '$bo_cache_control' };
  return Object.entries(all)
    .map(([name, value]) => `${indent}add_header ${name} ${value.startsWith('$') ? value : quote(value)} always;`)
    .join('\n');
}

export function nginxConfig(site: NginxSite): string {
  const brotli = site.brotli ?? existsSync(brotliModule);
  const temp = (name: string) => path.join(site.prefix, 'temp', name);
  const shell = shellHeaders({ remotes: [], api: "'self'" });
  const strict: Record<string, string> = site.tls?.strictTransport
    ? { 'Strict-Transport-Security': 'max-age=31536000' }
    : {};
  const listen = site.tls ? `listen ${site.port} ssl http2;` : `listen ${site.port};`;
  const tlsLines = site.tls
    ? [
        `ssl_certificate ${quote(site.tls.certificate)};`,
        `ssl_certificate_key ${quote(site.tls.key)};`,
        'ssl_protocols TLSv1.2 TLSv1.3;',
        'ssl_session_cache shared:bo_tls:10m;',
      ]
    : [];
  const redirect =
    site.tls?.redirectFrom != null
      ? `
  server {
    listen ${site.tls.redirectFrom};
    return 301 https://$host:${site.port}$request_uri;
  }
`
      : '';
  return `# Written by scripts/production at each start: edit the generator, not this file.
${brotli ? `load_module ${brotliModule};\n` : ''}${site.workerUser ? `user ${site.workerUser};\n` : ''}worker_processes auto;
pid ${quote(path.join(site.prefix, 'nginx.pid'))};
error_log stderr warn;
error_log ${quote(path.join(site.prefix, 'logs', 'error.log'))} warn;

events {
  worker_connections 1024;
}

http {
  types {
    text/html html;
    text/javascript js mjs;
    text/css css;
    application/json json map;
    image/svg+xml svg;
    image/png png;
    image/x-icon ico;
    font/woff2 woff2;
    text/plain txt;
  }
  default_type application/octet-stream;
  charset utf-8;
  charset_types text/css text/plain text/javascript application/json image/svg+xml;
  server_tokens off;
  sendfile on;
  tcp_nopush on;

  client_body_temp_path ${quote(temp('client-body'))};
  proxy_temp_path ${quote(temp('proxy'))};
  fastcgi_temp_path ${quote(temp('fastcgi'))};
  uwsgi_temp_path ${quote(temp('uwsgi'))};
  scgi_temp_path ${quote(temp('scgi'))};

  # The browser's request id when it is a plain token, nginx's own otherwise: logged here and passed to the API.
  map $http_x_request_id $bo_request_id {
    "~^[A-Za-z0-9._-]{8,64}$" $http_x_request_id;
    default $request_id;
  }
  log_format bo '$remote_addr [$time_local] "$request" $status $body_bytes_sent $request_time '
                'upstream=$upstream_addr upstream_status=$upstream_status request_id=$bo_request_id';
  access_log ${quote(path.join(site.prefix, 'logs', 'access.log'))} bo;

  # Chunks carry their content's hash (scripts/front-files.ts): cached for good; everything else is checked on
  # each use (index.html, config.json, remotes.json, the manifests, version.json, remoteEntry.js).
  map $uri $bo_cache_control {
    "~${hashedFilePattern.source}" "public, max-age=31536000, immutable";
    default "no-cache";
  }

  # Files written at build time beside each compressible one (scripts/precompress.ts), sent as they are.
  gzip_static on;
  gzip_vary on;
${brotli ? '  brotli_static on;\n' : ''}
  # The API's instances. No keep-alive to them: each request opens its connection, so an instance that has closed
  # its listener (SIGTERM) refuses it before anything is sent, and nginx sends the request to another instance,
  # a write included. A write already sent is never sent twice (no non_idempotent below).
  upstream bo_api {
${site.apiPorts
  .map(
    (port) =>
      `    server 127.0.0.1:${port} max_fails=1 fail_timeout=${failTimeoutSeconds}s${site.drained?.includes(port) ? ' down' : ''};`,
  )
  .join('\n')}
  }
${redirect}
  server {
    ${listen}
    server_name _;
${tlsLines.map((line) => `    ${line}`).join('\n')}
    root ${quote(site.shellDir)};

    location ^~ /api/ {
      proxy_pass http://bo_api/;
      proxy_http_version 1.1;
      proxy_set_header Connection "close";
      # The address the browser used, port included, and the path the API is under: the calendar feed's address
      # and its links are built from them (api/src/http/public-address.ts).
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Prefix /api;
      # nginx is the edge: the client is the address it sees (the API believes one proxy hop, TRUST_PROXY).
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $bo_request_id;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries ${site.apiPorts.length};
      proxy_connect_timeout 2s;
      proxy_send_timeout ${apiReadTimeout};
      proxy_read_timeout ${apiReadTimeout};
      # The whole body is read before an instance is chosen, up to an import's size (api/src/limits.ts).
      client_max_body_size ${uploadLimits.bodyBytes};
      proxy_request_buffering on;
      proxy_buffering off;
      proxy_redirect off;
    }

    # The live version of each remote, read from the deploy root on each request: a deploy or a rollback shows on
    # the next reload. Its entries are relative to the deploy root; the shell needs absolute addresses.
    location = /remotes.json {
      alias ${quote(path.join(site.deployRoot, 'remotes.json'))};
      sub_filter_types application/json;
      sub_filter_once off;
      sub_filter ': "' ': "$scheme://$http_host/remotes/';
${headerLines({ ...shell, ...strict }, '      ')}
    }

    location = /config.json {
      alias ${quote(site.configFile)};
      sub_filter_types application/json;
      sub_filter ${quote(ORIGIN_MARK)} "$scheme://$http_host";
${headerLines({ ...shell, ...strict }, '      ')}
    }

    # Every version kept of every remote: code and data for the shell, never a page.
    location ^~ /remotes/ {
      alias ${quote(`${site.deployRoot}/`)};
      location ~ "/\\.|/history\\.json$" {
        return 404;
      }
${headerLines({ ...remoteHeaders(), ...strict }, '      ')}
    }

    # A file of the shell's build, or a missing one: 404, never the page.
    location ~ "\\.[A-Za-z0-9]+$" {
      try_files $uri =404;
${headerLines({ ...shell, ...strict }, '      ')}
    }

    # Any other path is one of the application's routes: the shell's page.
    location / {
      try_files $uri /index.html;
${headerLines({ ...shell, ...strict }, '      ')}
    }
  }
}
`;
}

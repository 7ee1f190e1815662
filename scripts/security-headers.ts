// The headers that keep the served front ends from being framed or made to run code from elsewhere. The shell's page
// may load scripts and styles from its own origin and the remotes' only, and call its own origin, the remotes' (their
// manifests and version.json) and the API's; styles may also be inline (antd and FullCalendar write <style> elements
// and style attributes at run time). A remote's origin serves code and data to the shell, never a page: nothing there
// may run or be framed. In production mode behind nginx everything is on one origin: no remote origin, the API 'self'.
export type FrontOrigins = { remotes: readonly string[]; api: string };

export function shellHeaders({ remotes, api }: FrontOrigins): Record<string, string> {
  const code = ["'self'", ...remotes].join(' ');
  const policy = [
    "default-src 'self'",
    `script-src ${code}`,
    `style-src ${code} 'unsafe-inline'`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${[...new Set([...code.split(' '), api])].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { 'Content-Security-Policy': policy, 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'no-referrer' };
}

export function remoteHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
  };
}

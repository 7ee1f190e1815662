// A session's device as its owner recognises it, read from the browser's User-Agent: "Chrome sur Linux".
// Order matters: Edge and Opera also say Chrome, Chrome also says Safari, Android also says Linux.
const browsers: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: Array<[RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (userAgent: string, table: Array<[RegExp, string]>) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1];

export function describeDevice(userAgent: string): string {
  const browser = first(userAgent, browsers);
  const system = first(userAgent, systems);
  if (browser && system) return `${browser} sur ${system}`;
  return browser ?? (system ? `Navigateur sur ${system}` : 'Appareil inconnu');
}

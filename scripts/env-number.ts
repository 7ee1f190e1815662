// A whole number read from the environment for the scripts (`npm start`, `npm run serve:prod`): the default when
// unset, the process stopped with a French message naming the variable when it is not a number in range.
export function envInteger(name: string, fallback: number, min: number, max: number, what: string): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`${name} doit être ${what} (${min}-${max}), reçu « ${raw} ».`);
    process.exit(1);
  }
  return value;
}

export const envPort = (name: string, fallback: number) => envInteger(name, fallback, 1, 65535, 'un numéro de port');

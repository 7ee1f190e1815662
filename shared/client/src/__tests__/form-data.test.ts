import { toFormData } from '../api';

describe('multipart bodies', () => {
  it('sends a file as itself, with its name, beside the other fields in their wire forms', async () => {
    const file = new File(['Raison sociale;SIRET\r\n'], 'societes.csv', { type: 'text/csv' });
    const form = toFormData({ file, onExisting: 'skip', mapping: { name: 0 }, dryRun: true, empty: undefined });
    expect([...form.keys()].sort()).toEqual(['dryRun', 'file', 'mapping', 'onExisting']);
    expect([form.get('onExisting'), form.get('mapping'), form.get('dryRun')]).toEqual(['skip', '{"name":0}', '1']);
    const sent = form.get('file');
    expect(sent).toBeInstanceOf(Blob);
    expect((sent as File).name).toBe('societes.csv');
    expect(await (sent as File).text()).toBe('Raison sociale;SIRET\r\n');
  });
});

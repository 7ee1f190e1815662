import { appRoutes, findRoute, openToAll, parseRemoteRegistry } from '../routes';

describe('parseRemoteRegistry', () => {
  it('keeps each remote with the address of its manifest', () => {
    const json = {
      agenda: 'http://localhost:3001/mf-manifest.json',
      contacts: 'https://remotes.example.fr/contacts/mf-manifest.json',
    };
    expect(parseRemoteRegistry(json)).toEqual(json);
  });

  it.each([
    ['an array', ['http://localhost:3001/mf-manifest.json'], 'un objet est attendu'],
    ['null', null, 'un objet est attendu'],
    ['a text', 'agenda', 'un objet est attendu'],
    ['an address that is not one', { agenda: 'mf-manifest.json' }, 'adresse de « agenda » incorrecte'],
    ['an address that is not a text', { agenda: 3001 }, 'adresse de « agenda » incorrecte'],
  ])('refuses %s with a French message', (_what, json, message) => {
    expect(() => parseRemoteRegistry(json)).toThrow(`Registre des modules non valide : ${message}`);
  });
});

describe('route table', () => {
  it('finds a route with or without a trailing slash', () => {
    expect(findRoute('/agenda/')?.owner).toBe('agenda');
    expect(findRoute('/inconnue')).toBeUndefined();
  });

  it('tells the routes every role opens from the others', () => {
    expect(openToAll(appRoutes.find((route) => route.path === '/agenda')!)).toBe(true);
    expect(openToAll(appRoutes.find((route) => route.path === '/equipe')!)).toBe(false);
  });
});

import { insertAt } from '../form/notes-field';

describe('inserting a phrase in the notes', () => {
  it('goes where the caret is, with a space where it would touch a word, the caret after it', () => {
    expect(insertAt('Appel fait.', 'Attente du devis', 11, 11)).toEqual({
      value: 'Appel fait. Attente du devis',
      caret: 28,
    });
    expect(insertAt('Bonjour monde', 'cher', 8, 8)).toEqual({ value: 'Bonjour cher monde', caret: 12 });
    expect(insertAt('', 'Attente du devis', 0, 0)).toEqual({ value: 'Attente du devis', caret: 16 });
  });

  it('replaces the selected text', () => {
    expect(insertAt('Relance XXX demain', 'par téléphone', 8, 11)).toEqual({
      value: 'Relance par téléphone demain',
      caret: 21,
    });
  });
});

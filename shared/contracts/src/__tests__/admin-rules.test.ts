import { contrastRatio, meetsWcagAa, relativeLuminance } from '../colour-contrast';
import { isStrongPassword, passwordProblems } from '../password-policy';

describe('contrast ratio (WCAG 2)', () => {
  it('gives 21 for black on white, 1 for a colour on itself, whatever the order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(contrastRatio('#0f766e', '#0f766e')).toBe(1);
  });

  it('matches the published figures of known pairs', () => {
    // #767676 on white is the lightest grey that passes AA (4.54).
    expect(contrastRatio('#767676', '#ffffff')).toBe(4.54);
    expect(contrastRatio('#777777', '#ffffff')).toBe(4.47);
    expect(meetsWcagAa('#767676', '#ffffff')).toBe(true);
    expect(meetsWcagAa('#777777', '#ffffff')).toBe(false);
    expect(meetsWcagAa('#ffffff', '#0f766e')).toBe(true);
    expect(meetsWcagAa('#ffff00', '#ffffff')).toBe(false);
  });

  it('has no figure for a colour that is not #rrggbb', () => {
    expect(relativeLuminance('#fff')).toBeNull();
    expect(contrastRatio('red', '#ffffff')).toBeNull();
    expect(meetsWcagAa('#12345', '#ffffff')).toBe(false);
  });
});

describe('password policy', () => {
  const owner = { trigram: 'MAR', firstName: 'Léa', lastName: 'Martin-Dupont' };

  it('accepts a long password without the person’s names', () => {
    expect(passwordProblems('Gris-Tulipe-Vent-48', owner)).toEqual([]);
    expect(isStrongPassword('correct horse battery', owner)).toBe(true);
  });

  it('wants at least 12 characters', () => {
    expect(passwordProblems('Tulipe-48!', owner)).toEqual(['tooShort']);
  });

  it('refuses the trigram or a name inside, case and accents ignored', () => {
    expect(passwordProblems('xx-mar-Tulipe-48', owner)).toEqual(['containsName']);
    expect(passwordProblems('Tulipe-DUPONT-48', owner)).toEqual(['containsName']);
    expect(passwordProblems('Tulipe-48-MARTIN', owner)).toEqual(['containsName']);
  });

  it('refuses a common password, even with digits and signs around it', () => {
    expect(passwordProblems('motdepasse123', owner)).toEqual(['common']);
    expect(passwordProblems('Motdepasse2026!', owner)).toEqual(['common']);
    expect(passwordProblems('AZERTYUIOP1234', owner)).toEqual(['common']);
    expect(passwordProblems('123456', owner)).toEqual(['tooShort', 'common']);
  });
});

// A sheet's figures as a person reads them, the same in the printed sheet and in the wizard's check step.
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });

export function rateText(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `${euros.format(min)} à ${euros.format(max)}`;
  if (min !== null) return `à partir de ${euros.format(min)}`;
  if (max !== null) return `jusqu’à ${euros.format(max)}`;
  return 'Non précisé';
}

export function placeText(place: string | null, remoteDays: number): string {
  return `${place || 'Non précisé'} · télétravail ${remoteDays} jour${remoteDays > 1 ? 's' : ''} par semaine`;
}

export function positionsText(filled: number, positions: number): string {
  return `${filled} pourvu${filled > 1 ? 's' : ''} sur ${positions}`;
}

import { contrastRatio, WCAG_AA_NORMAL_TEXT, type TaskStyle } from '@bo/contracts/records';
import { Alert } from 'antd';

// A task type as the calendar shows it: a small chip in the type's colours.
export function TaskChip({ description, style }: { description: string; style: TaskStyle }) {
  return (
    <span
      style={{
        display: 'inline-block',
        padding: '1px 6px',
        fontSize: 12,
        lineHeight: '18px',
        borderRadius: 3,
        border: `1px solid ${style.borderColor}`,
        background: style.backgroundColor,
        color: style.color,
        whiteSpace: 'nowrap',
      }}
    >
      {description || 'Type de tâche'}
    </span>
  );
}

const ratioFormat = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const formatRatio = (ratio: number) => `${ratioFormat.format(ratio)}:1`;

// The calendar's day cells in the light and the dark theme (antd's container colours).
const themes = [
  { key: 'light', label: 'Thème clair', background: '#ffffff', text: 'rgba(0, 0, 0, 0.88)', border: '#d9d9d9' },
  { key: 'dark', label: 'Thème sombre', background: '#141414', text: 'rgba(255, 255, 255, 0.85)', border: '#424242' },
] as const;

const complete = (style: Partial<TaskStyle>): style is TaskStyle =>
  [style.backgroundColor, style.borderColor, style.color].every(
    (colour) => typeof colour === 'string' && /^#[0-9a-f]{6}$/.test(colour),
  );

// The live preview of the form: the chip on a light and on a dark calendar, and the text's contrast on the chip,
// with a warning below WCAG AA (4.5:1).
export function TaskChipPreview({ description, style }: { description: string; style: Partial<TaskStyle> }) {
  if (!complete(style)) {
    return <Alert type="info" showIcon title="L’aperçu s’affiche quand les trois couleurs sont au format #rrggbb." />;
  }
  const ratio = contrastRatio(style.color, style.backgroundColor) ?? 1;
  const enough = ratio >= WCAG_AA_NORMAL_TEXT;
  return (
    <div role="group" aria-label="Aperçu dans le calendrier">
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 12 }}>
        {themes.map((theme) => (
          <figure
            key={theme.key}
            style={{
              margin: 0,
              padding: 12,
              minWidth: 200,
              borderRadius: 6,
              background: theme.background,
              border: `1px solid ${theme.border}`,
              color: theme.text,
            }}
          >
            <figcaption style={{ fontSize: 12, marginBottom: 8 }}>{theme.label}</figcaption>
            <TaskChip description={description} style={style} />
          </figure>
        ))}
      </div>
      <div aria-live="polite">
        {enough ? (
          <Alert
            type="success"
            showIcon
            title={`Contraste du texte : ${formatRatio(ratio)} (lisible, niveau AA atteint)`}
          />
        ) : (
          <Alert
            type="warning"
            showIcon
            title={`Contraste insuffisant : ${formatRatio(ratio)}`}
            description={`Le texte risque d’être illisible : le niveau AA des règles d’accessibilité demande au moins ${ratioFormat.format(WCAG_AA_NORMAL_TEXT)}:1 entre la couleur du texte et le fond.`}
          />
        )}
      </div>
    </div>
  );
}

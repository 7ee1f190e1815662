import { useSaveSettings } from '@bo/client';
import type { LayoutSettings } from '@bo/contracts';
import { Drawer, Radio, Typography } from 'antd';

type Choice<K extends keyof LayoutSettings> = {
  key: K;
  label: string;
  options: Array<{ value: LayoutSettings[K]; label: string }>;
};

const layoutChoices = [
  {
    key: 'layout',
    label: 'Disposition',
    options: [
      { value: 'vertical', label: 'Verticale' },
      { value: 'horizontal', label: 'Horizontale' },
      { value: 'detached', label: 'Détachée' },
      { value: 'full', label: 'Pleine page' },
    ],
  } satisfies Choice<'layout'>,
  {
    key: 'color',
    label: 'Couleur',
    options: [
      { value: 'light', label: 'Claire' },
      { value: 'dark', label: 'Sombre' },
    ],
  } satisfies Choice<'color'>,
  {
    key: 'width',
    label: 'Largeur',
    options: [
      { value: 'fluid', label: 'Fluide' },
      { value: 'boxed', label: 'Encadrée' },
    ],
  } satisfies Choice<'width'>,
  {
    key: 'sidebarTheme',
    label: 'Thème du menu latéral',
    options: [
      { value: 'default', label: 'Par défaut' },
      { value: 'light', label: 'Clair' },
      { value: 'dark', label: 'Sombre' },
    ],
  } satisfies Choice<'sidebarTheme'>,
  {
    key: 'sidebarType',
    label: 'Type de menu latéral',
    options: [
      { value: 'fixed', label: 'Fixe' },
      { value: 'condensed', label: 'Condensé' },
      { value: 'scrollable', label: 'Défilant' },
    ],
  } satisfies Choice<'sidebarType'>,
];

const agendaChoices = [
  {
    key: 'calendarView',
    label: 'Vue du calendrier à l’ouverture',
    options: [
      { value: 'month', label: 'Mois' },
      { value: 'week', label: 'Semaine' },
    ],
  } satisfies Choice<'calendarView'>,
  {
    key: 'onlyPending',
    label: 'Tâches affichées à l’ouverture de l’agenda',
    options: [
      { value: false, label: 'Toutes' },
      { value: true, label: 'En cours seulement' },
    ],
  } satisfies Choice<'onlyPending'>,
];

// The user's settings as radio groups, each saved on their account as soon as it is chosen: the layout's (the
// right sidebar and /mon-compte show the same ones) or the agenda's (/mon-compte).
export function SettingsChoices({ settings, part }: { settings: LayoutSettings; part: 'layout' | 'agenda' }) {
  const save = useSaveSettings();
  return (part === 'layout' ? layoutChoices : agendaChoices).map((choice) => (
    <fieldset key={choice.key} className="bo-settings__group">
      <Typography.Text strong>
        <legend>{choice.label}</legend>
      </Typography.Text>
      <Radio.Group
        aria-label={choice.label}
        value={settings[choice.key]}
        disabled={save.isPending}
        onChange={(event) => save.mutate({ [choice.key]: event.target.value })}
        options={choice.options.map((o) => ({ value: o.value, label: o.label }))}
      />
    </fieldset>
  ));
}

// The right sidebar: the user's layout settings, saved on their account.
export function SettingsPanel({
  open,
  onClose,
  settings,
}: {
  open: boolean;
  onClose: () => void;
  settings: LayoutSettings;
}) {
  return (
    <Drawer title="Paramètres d’affichage" placement="right" open={open} onClose={onClose} size={320}>
      <SettingsChoices settings={settings} part="layout" />
    </Drawer>
  );
}

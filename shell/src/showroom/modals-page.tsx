import { contactName, fields, limits, messages } from '@bo/contracts';
import { FormModal, OffCanvas, useConfirm } from '@bo/ui';
import { TextField, useZodForm } from '@bo/ui/form';
import { CompanyDetails } from './widgets/company-details';
import { Button, Modal, Radio } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { demoCompanyDetail } from './showroom-data';
import { DemoSection, ShowroomLayout } from './showroom-layout';

const newContactSchema = z.object({
  firstName: fields.requiredText(100),
  lastName: fields.requiredText(100),
  email: fields.email(),
  phone: z.string().trim().min(1, messages.required).pipe(fields.phone()),
});

function ConfirmDemo({ onResult }: { onResult: (text: string) => void }) {
  const confirm = useConfirm();
  async function handleDelete() {
    const confirmed = await confirm({
      title: 'Supprimer le contact Claire Dubois ?',
      content: 'Ses tâches en cours seront aussi supprimées.',
      okText: 'Supprimer',
      danger: true,
    });
    onResult(confirmed ? 'Contact Claire Dubois supprimé.' : 'Suppression annulée.');
  }
  return (
    <Button danger onClick={() => void handleDelete()}>
      Supprimer Claire Dubois
    </Button>
  );
}

function FormModalDemo({ onResult }: { onResult: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  const form = useZodForm(newContactSchema, { firstName: '', lastName: '', email: '', phone: '' });
  function close() {
    setOpen(false);
    form.reset();
  }
  return (
    <>
      <Button onClick={() => setOpen(true)}>Nouveau contact</Button>
      <FormModal
        open={open}
        title="Nouveau contact"
        submitLabel="Créer le contact"
        dirty={form.formState.isDirty}
        onCancel={() => {
          close();
          onResult('Création annulée.');
        }}
        onSubmit={form.handleSubmit((values) => {
          close();
          onResult(`Contact créé : ${contactName(values)} (${values.phone}).`);
        })}
      >
        <TextField control={form.control} name="firstName" label="Prénom" required />
        <TextField control={form.control} name="lastName" label="Nom" required />
        <TextField control={form.control} name="email" label="Email" type="email" required />
        <TextField
          control={form.control}
          name="phone"
          label="Téléphone"
          type="tel"
          required
          placeholder="0033 6 12 34 56 78"
        />
      </FormModal>
    </>
  );
}

function OffCanvasDemo() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Ouvrir la fiche société</Button>
      <OffCanvas open={open} onClose={() => setOpen(false)} title={`Société : ${demoCompanyDetail.name}`}>
        <CompanyDetails company={demoCompanyDetail} />
      </OffCanvas>
    </>
  );
}

const candidates = ['Claire Dubois', 'Julien Mercier', 'Inès Garcia'];

function NestedDemo({ onResult }: { onResult: (text: string) => void }) {
  const [outerOpen, setOuterOpen] = useState(false);
  const [innerOpen, setInnerOpen] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [draft, setDraft] = useState(candidates[0]);
  return (
    <>
      <Button onClick={() => setOuterOpen(true)}>Ouvrir la fiche de besoin</Button>
      <Modal
        open={outerOpen}
        title="Fiche de besoin : développeur React"
        onCancel={() => setOuterOpen(false)}
        footer={[
          <Button key="close" onClick={() => setOuterOpen(false)}>
            Fermer
          </Button>,
        ]}
      >
        <p>Client : Banque du Rhône. Démarrage : 05/01/2027.</p>
        <p>Contact client : {chosen ?? 'aucun'}</p>
        <Button onClick={() => setInnerOpen(true)}>Choisir le contact client</Button>
        <Modal
          open={innerOpen}
          title="Choisir le contact client"
          onCancel={() => setInnerOpen(false)}
          okText="Choisir"
          cancelText="Annuler"
          onOk={() => {
            setChosen(draft);
            setInnerOpen(false);
            onResult(`Contact client choisi : ${draft}.`);
          }}
        >
          <Radio.Group
            aria-label="Contacts de Banque du Rhône"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            options={candidates.map((name) => ({ value: name, label: name }))}
          />
        </Modal>
      </Modal>
    </>
  );
}

export function ModalsPage() {
  const [result, setResult] = useState('');
  return (
    <ShowroomLayout page="modals">
      <p role="status" className="bo-demo__result">
        {result || 'Aucune action pour l’instant.'}
      </p>
      <div className="bo-demo-grid">
        <DemoSection id="modal-confirm" title="Confirmation">
          <p>Une question oui / non avant une action qui ne se défait pas (useConfirm).</p>
          <ConfirmDemo onResult={setResult} />
        </DemoSection>
        <DemoSection id="modal-form" title="Formulaire en fenêtre">
          <p>
            Un formulaire du kit dans une fenêtre (FormModal) : le bouton principal le soumet, les erreurs restent sous
            les champs.
          </p>
          <FormModalDemo onResult={setResult} />
        </DemoSection>
        <DemoSection id="modal-offcanvas" title={`Panneau latéral (${limits.offCanvasWidth} px)`}>
          <p>Le panneau OffCanvas, large de {limits.offCanvasWidth} px (pleine largeur sur petit écran).</p>
          <OffCanvasDemo />
        </DemoSection>
        <DemoSection id="modal-nested" title="Fenêtres imbriquées">
          <p>Une fenêtre qui en ouvre une autre : Échap ferme d’abord celle du dessus.</p>
          <NestedDemo onResult={setResult} />
        </DemoSection>
      </div>
    </ShowroomLayout>
  );
}

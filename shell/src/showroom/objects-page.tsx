import { CompanyDetails } from './widgets/company-details';
import { ContactCard } from './widgets/contact-card';
import { demoCompanyDetail, demoContactDetail } from './showroom-data';
import { DemoSection, ShowroomLayout } from './showroom-layout';

export function ObjectsPage() {
  return (
    <ShowroomLayout page="objects">
      <DemoSection id="objects-contact" title="Carte de contact (ContactCard)">
        <div className="bo-object__single">
          <ContactCard contact={demoContactDetail} headingLevel={3} />
        </div>
      </DemoSection>
      <DemoSection id="objects-company" title="Société avec ses filiales (CompanyDetails)">
        <CompanyDetails company={demoCompanyDetail} />
      </DemoSection>
    </ShowroomLayout>
  );
}

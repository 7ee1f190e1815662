import { findRoute, sectionLabels } from '@bo/contracts';
import { getClientConfig } from '@bo/client';
import { Breadcrumb, Typography } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

// The frame of every page: French title, breadcrumb, and the browser title.
export function PageFrame({
  path,
  title,
  actions,
  children,
}: {
  path: string;
  title?: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const route = findRoute(path);
  const heading = title ?? route?.title ?? '';
  useEffect(() => {
    document.title = `${heading} · ${getClientConfig().appName}`;
  }, [heading]);
  return (
    <section className="bo-page" aria-labelledby="bo-page-title">
      <header className="bo-page__header">
        <Breadcrumb
          items={[
            { title: <Link to="/">Accueil</Link> },
            ...(route && sectionLabels[route.section] !== heading ? [{ title: sectionLabels[route.section] }] : []),
            { title: heading },
          ]}
        />
        <div className="bo-page__title-row">
          <Typography.Title level={1} id="bo-page-title" className="bo-page__title">
            {heading}
          </Typography.Title>
          {actions && <div className="bo-page__actions">{actions}</div>}
        </div>
      </header>
      <div className="bo-page__body">{children}</div>
    </section>
  );
}

// Placeholder content of a page whose feature has not shipped yet: says so plainly, in French.
export function ComingSoon({ what }: { what: string }) {
  return (
    <Typography.Paragraph type="secondary" className="bo-coming-soon">
      {what} : cette page sera disponible dans une prochaine version.
    </Typography.Paragraph>
  );
}

import { findRoute, sectionLabels } from '@bo/contracts';
import { getClientConfig } from '@bo/client';
import { Fragment, useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

// The frame of every page: French title, breadcrumb, and the browser title. Plain HTML with antd's class names,
// styled by antd's stylesheet: antd's Typography brings its editing and copying tools (and the text inputs they use)
// and its Breadcrumb a dropdown menu, about 20 KB gzip that every first page would download for a heading and
// three links.
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
  const crumbs: ReactNode[] = [
    <Link key="home" to="/">
      Accueil
    </Link>,
    ...(route && sectionLabels[route.section] !== heading ? [sectionLabels[route.section]] : []),
    heading,
  ];
  useEffect(() => {
    document.title = `${heading} · ${getClientConfig().appName}`;
  }, [heading]);
  return (
    <section className="bo-page" aria-labelledby="bo-page-title">
      <header className="bo-page__header">
        <nav className="ant-breadcrumb" aria-label="Fil d’Ariane">
          <ol>
            {crumbs.map((crumb, index) => (
              <Fragment key={index}>
                {index > 0 && (
                  <li className="ant-breadcrumb-separator" aria-hidden="true">
                    /
                  </li>
                )}
                <li className="ant-breadcrumb-item">
                  <span className="ant-breadcrumb-link" aria-current={index === crumbs.length - 1 ? 'page' : undefined}>
                    {crumb}
                  </span>
                </li>
              </Fragment>
            ))}
          </ol>
        </nav>
        <div className="bo-page__title-row">
          <h1 id="bo-page-title" className="ant-typography bo-page__title">
            {heading}
          </h1>
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
    <p className="ant-typography ant-typography-secondary bo-coming-soon">
      {what} : cette page sera disponible dans une prochaine version.
    </p>
  );
}

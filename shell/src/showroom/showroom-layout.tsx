import { getClientConfig } from '@bo/client';
import { Typography } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { showroomPages, type ShowroomPath } from './showroom-pages';

// The frame of every showroom page: a link back to the index, the French title (h1) and its one-line
// description, then the demo.
export function ShowroomLayout({ page, children }: { page: ShowroomPath; children: ReactNode }) {
  const { title, description } = showroomPages[page];
  // The browser tab says which demo is open (an external system: the document title).
  useEffect(() => {
    document.title = `${title} · ${getClientConfig().appName}`;
  }, [title]);
  return (
    <main className="bo-showroom" aria-labelledby="bo-showroom-title">
      <nav aria-label="Pages de démonstration" className="bo-showroom__nav">
        {page === 'test' ? (
          <Link to="/">Retour à l’application</Link>
        ) : (
          <Link to="/tests/test">← Toutes les pages de démonstration</Link>
        )}
      </nav>
      <header className="bo-showroom__header">
        <Typography.Title level={1} id="bo-showroom-title" className="bo-showroom__title">
          {title}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="bo-showroom__description">
          {description}
        </Typography.Paragraph>
      </header>
      {children}
    </main>
  );
}

// A titled block of a showroom page.
export function DemoSection({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section className="bo-demo" aria-labelledby={id}>
      <h2 className="bo-demo__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

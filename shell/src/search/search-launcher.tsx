import { SearchOutlined } from '@ant-design/icons';
import { lazyOverlay } from '@bo/ui';
import { Button, Tooltip } from 'antd';
import { useEffect, useState, type ComponentProps } from 'react';
import type { SearchDialog as SearchDialogComponent } from './search-dialog';

// The dialog loads when first opened.
const SearchDialog = lazyOverlay<ComponentProps<typeof SearchDialogComponent>>(() =>
  import('./search-dialog').then((m) => ({ default: m.SearchDialog })),
);

// Whether a key press is someone typing into a field, where "/" is a character and not the search box's shortcut.
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

// The header's search button (docs/search.md), and its shortcuts from any page: Ctrl+K (⌘K), or "/" outside a field.
export function SearchLauncher({ userId }: { userId: number }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut =
        ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') ||
        (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typing(event.target));
      if (!shortcut) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <Tooltip title="Recherche globale (Ctrl+K)">
        <Button
          icon={<SearchOutlined />}
          aria-label="Recherche globale"
          aria-keyshortcuts="Control+K /"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      <SearchDialog open={open} onClose={() => setOpen(false)} userId={userId} />
    </>
  );
}

import { Button } from 'antd';
import { useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';

// Items moved between lists (contacts between 'À appeler', 'En cours', 'Terminé'). The mouse drags them
// (native HTML5 drag and drop); the keyboard selects an item (Entrée or Espace), then moves it with the
// arrow keys (← → between lists, ↑ ↓ within one) or with the buttons of the toolbar; Échap lets go. Every
// move is announced in an aria-live region.

export type BoardList<Item> = { id: string; title: string; items: Item[] };

export type DragBoardProps<Item extends { id: string | number }> = {
  label: string;
  lists: BoardList<Item>[];
  onChange: (lists: BoardList<Item>[]) => void;
  itemLabel: (item: Item) => string;
  renderItem?: (item: Item) => ReactNode;
};

type Position = { list: number; index: number };

const ITEM_MIME = 'application/x-bo-board-item';

export function moveBoardItem<Item>(lists: BoardList<Item>[], from: Position, to: Position): BoardList<Item>[] {
  const next = lists.map((list) => ({ ...list, items: [...list.items] }));
  const [item] = next[from.list].items.splice(from.index, 1);
  if (item === undefined) return lists;
  const target = next[to.list].items;
  target.splice(Math.max(0, Math.min(to.index, target.length)), 0, item);
  return next;
}

export function DragBoard<Item extends { id: string | number }>({
  label,
  lists,
  onChange,
  itemLabel,
  renderItem,
}: DragBoardProps<Item>) {
  const [selectedId, setSelectedId] = useState<Item['id'] | null>(null);
  const [dropList, setDropList] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The moved item gets the focus back once it is rendered in its new place.
  const focusAfterMove = useRef<Item['id'] | null>(null);

  function find(id: Item['id'] | null): Position | null {
    if (id === null) return null;
    for (let list = 0; list < lists.length; list += 1) {
      const index = lists[list].items.findIndex((item) => item.id === id);
      if (index >= 0) return { list, index };
    }
    return null;
  }

  const selected = find(selectedId);
  const selectedItem = selected ? lists[selected.list].items[selected.index] : null;

  function move(from: Position, to: Position, refocus: boolean) {
    const item = lists[from.list].items[from.index];
    if (!item) return;
    const next = moveBoardItem(lists, from, to);
    const position = next[to.list].items.findIndex((candidate) => candidate.id === item.id);
    if (refocus) focusAfterMove.current = item.id;
    onChange(next);
    setAnnouncement(
      `${itemLabel(item)} déplacé vers « ${next[to.list].title} », position ${position + 1} sur ${next[to.list].items.length}.`,
    );
  }

  function handleItemKeyDown(event: KeyboardEvent<HTMLElement>, item: Item) {
    const position = find(item.id);
    if (!position) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (selectedId === item.id) {
        setSelectedId(null);
        setAnnouncement(`${itemLabel(item)} relâché.`);
      } else {
        setSelectedId(item.id);
        setAnnouncement(
          `${itemLabel(item)} sélectionné. Flèches gauche et droite pour changer de liste, haut et bas pour changer de place, Échap pour relâcher.`,
        );
      }
      return;
    }
    if (selectedId !== item.id) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      setSelectedId(null);
      setAnnouncement(`${itemLabel(item)} relâché.`);
      return;
    }
    const moves: Record<string, Position> = {
      ArrowLeft: { list: position.list - 1, index: position.index },
      ArrowRight: { list: position.list + 1, index: position.index },
      ArrowUp: { list: position.list, index: position.index - 1 },
      ArrowDown: { list: position.list, index: position.index + 1 },
    };
    const to = moves[event.key];
    if (!to) return;
    event.preventDefault();
    if (to.list < 0 || to.list >= lists.length || to.index < 0) return;
    if (to.list === position.list && to.index >= lists[to.list].items.length) return;
    move(position, to, true);
  }

  function handleDrop(event: DragEvent<HTMLElement>, list: number, index: number) {
    event.preventDefault();
    event.stopPropagation();
    setDropList(null);
    const from = find(JSON.parse(event.dataTransfer.getData(ITEM_MIME) || 'null') as Item['id'] | null);
    if (!from) return;
    // Dropping below itself in the same list: the removal shifts the target up by one.
    const target = from.list === list && from.index < index ? index - 1 : index;
    if (from.list === list && from.index === target) return;
    move(from, { list, index: target }, false);
  }

  return (
    <div className="bo-board" role="group" aria-label={label}>
      <div className="bo-board__toolbar" role="group" aria-label={`Déplacer l’élément sélectionné : ${label}`}>
        <span className="bo-board__selection">
          {selectedItem
            ? `Sélection : ${itemLabel(selectedItem)}`
            : 'Sélectionnez un élément (Entrée) pour le déplacer au clavier.'}
        </span>
        {lists.map((list, index) => (
          <Button
            key={list.id}
            size="small"
            disabled={!selected || selected.list === index}
            onClick={() => selected && move(selected, { list: index, index: list.items.length }, true)}
          >
            Vers « {list.title} »
          </Button>
        ))}
        <Button
          size="small"
          disabled={!selected || selected.index === 0}
          onClick={() => selected && move(selected, { ...selected, index: selected.index - 1 }, true)}
        >
          Monter
        </Button>
        <Button
          size="small"
          disabled={!selected || selected.index >= lists[selected.list].items.length - 1}
          onClick={() => selected && move(selected, { ...selected, index: selected.index + 1 }, true)}
        >
          Descendre
        </Button>
      </div>
      <div className="bo-board__lists">
        {lists.map((list, listIndex) => (
          <section
            key={list.id}
            className={`bo-board__list${dropList === listIndex ? ' bo-board__list--over' : ''}`}
            aria-labelledby={`bo-board-${list.id}`}
            data-list={list.id}
            onDragOver={(event) => {
              if (!event.dataTransfer.types.includes(ITEM_MIME)) return;
              event.preventDefault();
              if (dropList !== listIndex) setDropList(listIndex);
            }}
            onDragLeave={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropList(null);
            }}
            onDrop={(event) => handleDrop(event, listIndex, list.items.length)}
          >
            <h2 className="bo-board__title" id={`bo-board-${list.id}`}>
              {list.title} <span className="bo-board__count">({list.items.length})</span>
            </h2>
            <ul className="bo-board__items">
              {list.items.map((item, index) => (
                <li
                  key={item.id}
                  className="bo-board__item-slot"
                  onDragOver={(event) => {
                    if (event.dataTransfer.types.includes(ITEM_MIME)) event.preventDefault();
                  }}
                  onDrop={(event) => handleDrop(event, listIndex, index)}
                >
                  <div
                    role="button"
                    tabIndex={0}
                    draggable
                    aria-pressed={selectedId === item.id}
                    aria-roledescription="élément déplaçable"
                    className={`bo-board__item${selectedId === item.id ? ' bo-board__item--selected' : ''}`}
                    ref={(element) => {
                      if (element && focusAfterMove.current === item.id) {
                        focusAfterMove.current = null;
                        element.focus();
                      }
                    }}
                    onClick={() => setSelectedId((current) => (current === item.id ? null : item.id))}
                    onKeyDown={(event) => handleItemKeyDown(event, item)}
                    onDragStart={(event) => {
                      event.dataTransfer.setData(ITEM_MIME, JSON.stringify(item.id));
                      event.dataTransfer.effectAllowed = 'move';
                    }}
                    onDragEnd={() => setDropList(null)}
                  >
                    {renderItem ? renderItem(item) : itemLabel(item)}
                  </div>
                </li>
              ))}
              {list.items.length === 0 && <li className="bo-board__empty">Déposez un élément ici</li>}
            </ul>
          </section>
        ))}
      </div>
      <div className="bo-sr-only" aria-live="assertive">
        {announcement}
      </div>
    </div>
  );
}

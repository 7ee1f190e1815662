import { renderHook } from '@testing-library/react';
import type { ListColumn } from './list-types';
import { useStableColumns } from './use-stable-columns';

type Person = { id: number; leaderId: number };

// The columns a page builds in its render, from its data.
const columnsOf = (names: Record<number, string>, title = 'Responsable'): ListColumn<Person>[] => [
  { key: 'id', title: 'Numéro' },
  {
    key: 'leader',
    title,
    value: (person) => names[person.leaderId] ?? '',
    render: (person) => `→ ${names[person.leaderId] ?? ''}`,
  },
];

describe('useStableColumns', () => {
  it('keeps the same columns while their shape stays the same, and runs the latest cells', () => {
    const { result, rerender } = renderHook(({ columns }) => useStableColumns(columns), {
      initialProps: { columns: columnsOf({}) },
    });
    const first = result.current;
    rerender({ columns: columnsOf({ 7: 'DIR' }) });
    expect(result.current).toBe(first);
    expect(result.current[1].value?.({ id: 1, leaderId: 7 })).toBe('DIR');
    expect(result.current[1].render?.({ id: 1, leaderId: 7 })).toBe('→ DIR');
  });

  it('gives new columns when a header changes', () => {
    const { result, rerender } = renderHook(({ columns }) => useStableColumns(columns), {
      initialProps: { columns: columnsOf({}) },
    });
    const first = result.current;
    rerender({ columns: columnsOf({}, 'Chef') });
    expect(result.current).not.toBe(first);
    expect(result.current[1].title).toBe('Chef');
  });
});

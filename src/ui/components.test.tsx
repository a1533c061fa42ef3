// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { QueryStoreProvider } from './query-store';
import type { ApiClient } from '../api/client';
import { ClientProvider } from '../api/client-context';
import type { TableState } from '../lib/table-state';
import { useList } from './useList';
import { useTableState } from './useTableState';
import { themes } from './theme';
import { DateField } from './DateField';
import { ExportPanel } from './ExportPanel';
import { RiskBadge } from './RiskBadge';
import { EMPTY_TEXT, MAX_TABLE_ROWS, Table } from './Table';

const wrap = (node: ReactNode) => render(<ThemeProvider theme={themes.dark}>{node}</ThemeProvider>);
afterEach(cleanup);

describe('ExportPanel', () => {
  const columns = [
    { display_name: 'Customer Name', key: 'name' },
    { display_name: 'Amount', key: 'amount' },
    { display_name: 'Due Date', key: 'due_date' },
  ];

  it('keeps Download disabled until a column is chosen, says why only once asked, then sends the keys in table order', async () => {
    const onDownload = vi.fn(() => Promise.resolve());
    wrap(<ExportPanel columns={columns} onDownload={onDownload} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download Report' }));
    const download = screen.getByRole('button', { name: 'Download' });
    expect(download.getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByText('Please select item')).toBeNull(); // nothing done yet: no error
    expect(screen.getByRole('radio', { name: 'CSV' })).toHaveProperty('checked', true);

    await act(async () => {
      fireEvent.click(download);
      await Promise.resolve();
    });
    expect(onDownload).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Please select item');
    expect(download.getAttribute('aria-describedby')).toBe('export-none-chosen');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Due Date' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Customer Name' }));
    expect(download.getAttribute('aria-disabled')).toBe('false');
    expect(screen.queryByText('Please select item')).toBeNull();
    await act(async () => {
      fireEvent.click(download);
      await Promise.resolve();
    });
    expect(onDownload).toHaveBeenCalledExactlyOnceWith(['name', 'due_date']);
  });

  it('says why Download is disabled when the last column is unticked', () => {
    wrap(<ExportPanel columns={columns} onDownload={() => Promise.resolve()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download Report' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Amount' }));
    expect(screen.queryByText('Please select item')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Amount' }));
    expect(screen.getByText('Please select item')).toBeTruthy();
  });

  it('selects and clears every column at once', () => {
    wrap(<ExportPanel columns={columns} onDownload={() => Promise.resolve()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download Report' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    for (const c of columns)
      expect(screen.getByRole('checkbox', { name: c.display_name })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    for (const c of columns)
      expect(screen.getByRole('checkbox', { name: c.display_name })).toHaveProperty('checked', false);
  });
});

describe('RiskBadge', () => {
  it('names the grades as the spec does, with the tooltip on R', () => {
    wrap(
      <>
        <RiskBadge grade="L" />
        <RiskBadge grade="M" />
        <RiskBadge grade="H" />
        <RiskBadge grade="R" />
        <RiskBadge grade={null} />
      </>,
    );
    expect(screen.getByText('Low')).toBeTruthy();
    expect(screen.getByText('Medium')).toBeTruthy();
    expect(screen.getByText('High')).toBeTruthy();
    expect(screen.getByTitle('Need more data').textContent).toBe('R: Need more data');
    expect(screen.getByText('-')).toBeTruthy();
  });
});

describe('Table', () => {
  const columns = [{ key: 'name', header: 'Name', render: (row: { name: string }) => row.name }];
  const rowKey = (r: { name: string }) => r.name;
  const themed = (node: ReactNode) => <ThemeProvider theme={themes.dark}>{node}</ThemeProvider>;
  const region = () => screen.getByRole('region', { name: 'People' });
  const names = (container: HTMLElement) => [...container.querySelectorAll('tbody td')].map((td) => td.textContent);

  it('shows skeleton rows while loading, the empty text when empty, and the rows otherwise', () => {
    const { rerender, container } = wrap(<Table caption="People" columns={columns} rows={undefined} rowKey={rowKey} />);
    expect(container.querySelectorAll('tbody tr[aria-hidden]').length).toBe(5);
    expect(region().getAttribute('aria-busy')).toBe('true');
    rerender(themed(<Table caption="People" columns={columns} rows={[]} rowKey={rowKey} />));
    expect(screen.getByText(EMPTY_TEXT)).toBeTruthy();
    rerender(
      themed(<Table caption="People" columns={columns} rows={[{ name: 'Asha' }, { name: 'Rohan' }]} rowKey={rowKey} />),
    );
    expect(names(container)).toEqual(['Asha', 'Rohan']);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeTruthy();
    expect(region().getAttribute('aria-busy')).toBe('false');
  });

  it('shows a text cell isolated in <bdi>: a name’s direction characters reorder nothing outside it', () => {
    const withAction = [
      ...columns,
      {
        key: 'action',
        header: 'Action',
        render: (row: { name: string }) => <button type="button">Delete {row.name}</button>,
      },
    ];
    const { container } = wrap(
      <Table
        caption="People"
        columns={withAction}
        rows={[{ name: '\u202Eevil' }, { name: 'محمد علي' }]}
        rowKey={rowKey}
      />,
    );
    const cells = [...container.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')]);
    expect(cells.map(([name]) => name!.firstElementChild?.tagName)).toEqual(['BDI', 'BDI']);
    expect(cells.map(([name]) => name!.firstElementChild?.textContent)).toEqual(['\u202Eevil', 'محمد علي']);
    // A cell the screen builds of elements is its own: a button already isolates its text.
    expect(cells.map(([, action]) => action!.firstElementChild?.tagName)).toEqual(['BUTTON', 'BUTTON']);
  });

  it('pins the first column at the start and the columns marked to their side, header and body alike', () => {
    const wide = [
      ...columns,
      { key: 'city', header: 'City', render: () => 'Pune' },
      { key: 'code', header: 'Code', pin: 'start' as const, render: () => 'C-1' },
      {
        key: 'action',
        header: 'Action',
        pin: 'end' as const,
        render: (row: { name: string }) => <button type="button">Delete {row.name}</button>,
      },
    ];
    const { container } = wrap(<Table caption="People" columns={wide} rows={[{ name: 'Asha' }]} rowKey={rowKey} />);
    const pins = (selector: string) =>
      [...container.querySelectorAll(selector)].map((cell) => cell.getAttribute('data-pin'));
    expect(pins('thead th')).toEqual(['start', null, 'start', 'end']);
    expect(pins('tbody td')).toEqual(['start', null, 'start', 'end']);
    // Each pinned cell sticks at its column's measured offset (the pinned columns before it).
    const code = container.querySelectorAll<HTMLElement>('tbody td')[2]!;
    expect(code.style.getPropertyValue('--pin-at')).toBe('var(--pin-2, 0px)');
  });

  it('fills a fixed-height table with skeleton rows on the first load', () => {
    const { container } = wrap(
      <Table caption="People" columns={columns} rows={undefined} rowKey={rowKey} fixedHeight maxHeight={353} />,
    );
    expect(container.querySelectorAll('tbody tr[aria-hidden]').length).toBe(9);
  });

  it('keeps the previous rows, inert and busy with the busy bar, while other rows load; no skeleton', () => {
    const rows = [{ name: 'Asha' }, { name: 'Rohan' }];
    const { rerender, container } = wrap(<Table caption="People" columns={columns} rows={rows} rowKey={rowKey} />);
    expect(screen.getByTestId('table-busy').getAttribute('data-on')).toBe('false');
    rerender(themed(<Table caption="People" columns={columns} rows={rows} rowKey={rowKey} loading />));
    expect(names(container)).toEqual(['Asha', 'Rohan']);
    expect(container.querySelectorAll('tbody tr[aria-hidden]').length).toBe(0);
    expect(region().getAttribute('aria-busy')).toBe('true');
    expect(region().getAttribute('data-stale')).toBe('true');
    expect(container.querySelector('tbody')!.hasAttribute('inert')).toBe(true);
    expect(screen.getByTestId('table-busy').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByTestId('table-busy').getAttribute('data-on')).toBe('true');
    // The answer arrives: its rows, not busy.
    rerender(themed(<Table caption="People" columns={columns} rows={[{ name: 'Meera' }]} rowKey={rowKey} />));
    expect(names(container)).toEqual(['Meera']);
    expect(region().getAttribute('aria-busy')).toBe('false');
    expect(container.querySelector('tbody')!.hasAttribute('inert')).toBe(false);
    // The same rows fetched again: busy and the bar, the rows neither dimmed nor inert.
    rerender(
      themed(<Table caption="People" columns={columns} rows={[{ name: 'Meera' }]} rowKey={rowKey} refreshing />),
    );
    expect(region().getAttribute('aria-busy')).toBe('true');
    expect(region().getAttribute('data-stale')).toBe('false');
    expect(screen.getByTestId('table-busy').getAttribute('data-on')).toBe('true');
  });

  it('shows a failed load in the table with Retry, over the previous rows', () => {
    const onRetry = vi.fn();
    const { container } = wrap(
      <Table
        caption="People"
        columns={columns}
        rows={[{ name: 'Asha' }]}
        rowKey={rowKey}
        error={new Error('ER-UNAVAILABLE: Try again shortly.')}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(names(container).join('')).not.toContain('Asha');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it(`never puts more than ${MAX_TABLE_ROWS} rows in the DOM, and says what it left out`, () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ name: `row ${i}` }));
    const { rerender, container } = wrap(<Table caption="People" columns={columns} rows={many} rowKey={rowKey} />);
    expect(container.querySelectorAll('tbody tr').length).toBe(MAX_TABLE_ROWS);
    expect(screen.getByRole('note').textContent).toBe('Showing the first 499 of 10,000 rows.');
    expect(container.querySelector('tbody td')!.textContent).toBe('row 0');
    // Exactly the cap: every row, no note.
    rerender(themed(<Table caption="People" columns={columns} rows={many.slice(0, MAX_TABLE_ROWS)} rowKey={rowKey} />));
    expect(container.querySelectorAll('tbody tr').length).toBe(MAX_TABLE_ROWS);
    expect(screen.queryByRole('note')).toBeNull();
    // Detail rows count too.
    const detail = (row: { name: string }) => <span>{row.name} detail</span>;
    rerender(
      themed(<Table caption="People" columns={columns} rows={many.slice(0, 300)} rowKey={rowKey} detail={detail} />),
    );
    expect(container.querySelectorAll('tbody tr').length).toBeLessThanOrEqual(MAX_TABLE_ROWS);
    expect(screen.getByRole('note').textContent).toBe('Showing the first 249 of 300 rows.');
  });
});

describe('useList', () => {
  interface Answer {
    rows: string[];
  }
  const listParams = (state: TableState) => ({ page: state.page, due: state.filters.due ?? null });

  function setup() {
    const location = memoryLocation({ path: '/invoices?other.page=2', record: true });
    const answers = new Map<string, (answer: Answer) => void>();
    const fetch = vi.fn(
      (_client: ApiClient, params: ReturnType<typeof listParams>) =>
        new Promise<Answer>((resolve) => answers.set(JSON.stringify(params), resolve)),
    );
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ClientProvider client={{} as ApiClient}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <Router hook={location.hook} searchHook={location.searchHook}>
            <QueryStoreProvider>{children}</QueryStoreProvider>
          </Router>
        </SWRConfig>
      </ClientProvider>
    );
    const view = renderHook(
      () => ({
        list: useList({ id: 'due', resource: 'invoices', params: listParams, fetch }),
        other: useTableState('other'),
      }),
      { wrapper },
    );
    const answer = async (params: ReturnType<typeof listParams>, rows: string[]) => {
      await act(async () => {
        answers.get(JSON.stringify(params))!({ rows });
        await Promise.resolve();
      });
    };
    return { ...view, fetch, answer, url: () => location.history.at(-1) };
  }

  it('keeps the previous answer on screen while a filter loads, marked as loading, then shows the new one', async () => {
    const { result, fetch, answer, url } = setup();
    expect(result.current.list.isLoading).toBe(true);
    expect(result.current.list.data).toBeUndefined();
    await answer({ page: 1, due: null }, ['a', 'b']);
    expect(result.current.list).toMatchObject({ isLoading: false, data: { rows: ['a', 'b'] } });

    act(() => result.current.list.update({ filters: { due: 'overdue_30' } }));
    expect(url()).toBe('/invoices?other.page=2&due.f.due=overdue_30');
    expect(fetch).toHaveBeenLastCalledWith(expect.anything(), { page: 1, due: 'overdue_30' });
    expect(result.current.list).toMatchObject({ isLoading: true, data: { rows: ['a', 'b'] } });
    expect(result.current.list.state.filters).toEqual({ due: 'overdue_30' });
    await answer({ page: 1, due: 'overdue_30' }, ['c']);
    expect(result.current.list).toMatchObject({ isLoading: false, data: { rows: ['c'] } });
  });

  it("keeps a table's state object while only another table's keys change, and its update function always", () => {
    const { result } = setup();
    const { state, update } = result.current.list;
    act(() => result.current.other[1]({ page: 3 }));
    expect(result.current.other[0].page).toBe(3);
    expect(result.current.list.state).toBe(state);
    expect(result.current.list.update).toBe(update);
    // A change the request does not see (ticked rows) is no load.
    act(() => result.current.list.update({ selected: ['x'] }));
    expect(result.current.list.state.selected).toEqual(['x']);
    expect(result.current.list.update).toBe(update);
  });
});

describe('useTableState', () => {
  /** Two tables in two components, each counting its renders. */
  function setup(path = '/invoices?b.page=2') {
    const location = memoryLocation({ path, record: true });
    const renders = { a: 0, b: 0 };
    const tables: Record<'a' | 'b', ReturnType<typeof useTableState> | null> = { a: null, b: null };
    function Tab({ id }: { id: 'a' | 'b' }) {
      tables[id] = useTableState(id);
      renders[id] += 1;
      return <p>{`${id}: page ${tables[id][0].page}`}</p>;
    }
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <QueryStoreProvider>
          <Tab id="a" />
          <Tab id="b" />
        </QueryStoreProvider>
      </Router>,
    );
    return { location, renders, tables, url: () => location.history.at(-1) };
  }

  it("renders only the table whose keys changed, and writes over the other table's keys", () => {
    const { renders, tables, url } = setup();
    expect(screen.getByText('b: page 2')).toBeTruthy();
    const before = { ...renders };
    act(() => tables.a![1]({ page: 4 }));
    expect(screen.getByText('a: page 4')).toBeTruthy();
    expect(url()).toBe('/invoices?b.page=2&a.page=4');
    expect(renders.a).toBe(before.a + 1);
    expect(renders.b).toBe(before.b);
  });

  it('follows a navigation that is not its own (back, a link)', () => {
    const { location, renders } = setup();
    const before = renders.a;
    act(() => location.navigate('/invoices?b.page=5'));
    expect(screen.getByText('b: page 5')).toBeTruthy();
    expect(screen.getByText('a: page 1')).toBeTruthy();
    expect(renders.a).toBe(before);
  });

  it('refuses to work without a QueryStoreProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useTableState('a'))).toThrow(/QueryStoreProvider/);
    vi.mocked(console.error).mockRestore();
  });
});

describe('DateField', () => {
  it('shows an ISO value as dd/mm/yyyy and passes a typed date on as ISO', () => {
    const onChange = vi.fn();
    wrap(<DateField id="d" label="Invoice date" value="2026-03-05" onChange={onChange} />);
    const input = screen.getByRole('textbox');
    expect(input).toHaveProperty('value', '05/03/2026');
    expect(input.getAttribute('placeholder')).toBe('dd/mm/yyyy');
    fireEvent.change(input, { target: { value: '7/11/2026' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-11-07');
    fireEvent.change(input, { target: { value: '31/11/2026' } });
    expect(onChange).toHaveBeenLastCalledWith('31/11/2026');
  });

  it('keeps text that is not yet a date as typed, and names its calendar button', () => {
    wrap(<DateField id="d" label="From date" value="12/0" onChange={() => {}} />);
    expect(screen.getByRole('textbox')).toHaveProperty('value', '12/0');
    expect(screen.getByRole('button', { name: 'Choose From date from a calendar' })).toBeTruthy();
  });

  it('takes a picker-only date from the calendar alone: typing changes nothing, Delete clears it', () => {
    const onChange = vi.fn();
    wrap(<DateField id="d" label="Invoice date" value="2026-03-05" onChange={onChange} pickerOnly />);
    const input = screen.getByRole('textbox');
    expect(input).toHaveProperty('readOnly', true);
    expect(input).toHaveProperty('value', '05/03/2026');
    fireEvent.keyDown(input, { key: 'Delete' });
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});

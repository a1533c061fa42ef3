// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { themes } from './theme';
import { DateField } from './DateField';
import { ExportPanel } from './ExportPanel';
import { RiskBadge } from './RiskBadge';
import { EMPTY_TEXT, Table } from './Table';

const wrap = (node: ReactNode) => render(<ThemeProvider theme={themes.dark}>{node}</ThemeProvider>);
afterEach(cleanup);

describe('ExportPanel', () => {
  const columns = [
    { display_name: 'Customer Name', key: 'name' },
    { display_name: 'Amount', key: 'amount' },
    { display_name: 'Due Date', key: 'due_date' },
  ];

  it('keeps Download disabled with "Please select item" until a column is chosen, then sends the keys in table order', async () => {
    const onDownload = vi.fn(() => Promise.resolve());
    wrap(<ExportPanel columns={columns} onDownload={onDownload} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download Report' }));
    const download = screen.getByRole('button', { name: 'Download' });
    expect(download).toHaveProperty('disabled', true);
    expect(screen.getByText('Please select item')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'CSV' })).toHaveProperty('checked', true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Due Date' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Customer Name' }));
    expect(download).toHaveProperty('disabled', false);
    expect(screen.queryByText('Please select item')).toBeNull();
    await act(async () => {
      fireEvent.click(download);
      await Promise.resolve();
    });
    expect(onDownload).toHaveBeenCalledExactlyOnceWith(['name', 'due_date']);
  });

  it('selects and clears every column at once', () => {
    wrap(<ExportPanel columns={columns} onDownload={() => Promise.resolve()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download Report' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    for (const c of columns) expect(screen.getByRole('checkbox', { name: c.display_name })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    for (const c of columns) expect(screen.getByRole('checkbox', { name: c.display_name })).toHaveProperty('checked', false);
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

  it('shows skeleton rows while loading, the empty text when empty, and the rows otherwise', () => {
    const { rerender, container } = wrap(<Table caption="People" columns={columns} rows={undefined} rowKey={(r) => r.name} />);
    expect(container.querySelectorAll('tbody tr[aria-hidden]').length).toBe(5);
    rerender(
      <ThemeProvider theme={themes.dark}>
        <Table caption="People" columns={columns} rows={[]} rowKey={(r) => r.name} />
      </ThemeProvider>,
    );
    expect(screen.getByText(EMPTY_TEXT)).toBeTruthy();
    rerender(
      <ThemeProvider theme={themes.dark}>
        <Table caption="People" columns={columns} rows={[{ name: 'Asha' }, { name: 'Rohan' }]} rowKey={(r) => r.name} />
      </ThemeProvider>,
    );
    expect([...container.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['Asha', 'Rohan']);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeTruthy();
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

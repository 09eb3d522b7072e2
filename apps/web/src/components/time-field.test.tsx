import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ShellProvider } from '@/app/shell-provider';
import { TimeField } from './time-field';

function Harness({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <ShellProvider env="test">
      <TimeField
        label="Departure Time"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </ShellProvider>
  );
}

describe('TimeField (issue 21 §9)', () => {
  it('when the list is opened, then it offers the 24 hours, and an hour chosen offers its quarters: two clicks, no scrolling', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const user = userEvent.setup();
    const field = screen.getByRole('combobox', { name: 'Departure Time' });

    await user.click(field);
    const hours = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(hours.map((option) => option.textContent)).toEqual(Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`));
    await user.click(screen.getByRole('option', { name: '14:00' }));
    expect(onChange).toHaveBeenLastCalledWith('14:00');

    await user.click(field);
    expect(within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      '14:00',
      '14:15',
      '14:30',
      '14:45',
    ]);
    await user.click(screen.getByRole('option', { name: '14:15' }));
    expect(onChange).toHaveBeenLastCalledWith('14:15');
    expect(field).toHaveValue('14:15');
  });

  it('when a time is typed on the 12-hour clock and Enter is pressed, then the typed time is taken as 24-hour HH:mm', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const user = userEvent.setup();
    const field = screen.getByRole('combobox', { name: 'Departure Time' });

    await user.type(field, '2:20 pm');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')[0]).toHaveTextContent('14:20');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('14:20');
    expect(field).toHaveValue('14:20');
  });

  it('when text that is no time is left, then it stays and reaches the form (whose rule says why)', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const user = userEvent.setup();
    const field = screen.getByRole('combobox', { name: 'Departure Time' });

    await user.type(field, '25:70');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('25:70');
    expect(field).toHaveValue('25:70');
  });
});

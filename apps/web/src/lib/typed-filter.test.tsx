import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useTypedFilter } from './typed-filter';

/**
 * A search field over an address the test controls: what the field applies is recorded, and the address changes
 * only when the test re-renders with it, as the router does a moment later (in a transition).
 */
function renderField(toFilter?: (text: string) => string | undefined | null) {
  const applied: (string | undefined)[] = [];
  function Field({ current }: { current: string | undefined }) {
    const filter = useTypedFilter({ current, toFilter, onApply: (next) => applied.push(next) });
    return (
      <>
        <input aria-label="Search" value={filter.text} onChange={(event) => filter.change(event.currentTarget.value)} />
        <button type="button" onClick={() => applied.push(filter.take())}>
          Take
        </button>
      </>
    );
  }
  const view = render(<Field current={undefined} />);
  const field = () => screen.getByLabelText<HTMLInputElement>('Search');
  const type = (text: string) => fireEvent.change(field(), { target: { value: text } });
  const address = (current: string | undefined) => view.rerender(<Field current={current} />);
  return { applied, field, type, address };
}

describe('useTypedFilter: a typed search whose filter lives in the address', () => {
  it('when the user types on after a pause and the address then comes back with the paused text, then the field keeps every keystroke and applies it', async () => {
    const { applied, field, type, address } = renderField();
    type('ABC');
    await waitFor(() => expect(applied).toEqual(['ABC']));
    type('ABC1');
    address('ABC');
    expect(field()).toHaveValue('ABC1');
    await waitFor(() => expect(applied).toEqual(['ABC', 'ABC1']));
  });

  it('when a pause applies "ali " as "ali", then the field keeps the space, so "ali khan" can be typed on', async () => {
    const { applied, field, type, address } = renderField();
    type('ali ');
    await waitFor(() => expect(applied).toEqual(['ali']));
    address('ali');
    expect(field()).toHaveValue('ali ');
  });

  it('when the address changes under the page (Back, then Forward), then the field shows it each time', async () => {
    const { applied, field, type, address } = renderField();
    type('ABC');
    await waitFor(() => expect(applied).toEqual(['ABC']));
    address('ABC');
    address(undefined);
    expect(field()).toHaveValue('');
    address('ABC');
    expect(field()).toHaveValue('ABC');
    address('XYZ');
    expect(field()).toHaveValue('XYZ');
  });

  it('when a text is not a filter, then nothing is applied and the field keeps it', async () => {
    const { applied, field, type } = renderField((text) => (/^\d*$/.test(text) ? text || undefined : null));
    type('12a');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(applied).toEqual([]);
    expect(field()).toHaveValue('12a');
  });

  it('when a change beside the field takes its filter at once, then the pending pause is dropped and the address coming back keeps the typed text', async () => {
    const { applied, field, type, address } = renderField();
    type('lhe ');
    fireEvent.click(screen.getByRole('button', { name: 'Take' }));
    expect(applied).toEqual(['lhe']);
    address('lhe');
    expect(field()).toHaveValue('lhe ');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(applied).toEqual(['lhe']);
  });
});
